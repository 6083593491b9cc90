import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { builtinModules } from 'node:module'

const RAW_IPC_MESSAGE =
  'Use the typed contract (shared/ipc): raw IPC lives only in electron/main/glue/ipc-main.ts and electron/preload/index.ts.'
// Electron also exports its modules under these subpaths.
const ELECTRON_MODULES = ['electron', 'electron/main', 'electron/renderer', 'electron/common']
// Node's built-ins under their bare names too ('fs', 'path/posix'), not only 'node:*'.
const NODE_BUILTINS = builtinModules.flatMap((m) => [m, `${m}/*`])
const NO_RENDERER = {
  group: ['**/renderer/**'],
  message: 'Main never imports the renderer: share through shared/ instead.'
}
const rawIpc = {
  paths: ELECTRON_MODULES.map((name) => ({
    name,
    importNames: ['ipcMain', 'ipcRenderer'],
    message: RAW_IPC_MESSAGE
  }))
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'bench/results.json',
      // electron-vite's bundle of its config, there only while a build runs (npm test lints
      // beside the build): listed, then gone before it is read.
      'electron.vite.config.ts.*.mjs'
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ],
      '@typescript-eslint/no-non-null-assertion': 'off'
    }
  },
  {
    // Raw IPC is refused everywhere (host, tools, tests, scripts too) but the glue's one
    // ipc-main.ts and the preload's bridge. Later blocks that ban Electron outright (renderer,
    // shared, main's services) replace this rule with a stricter one.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}'],
    ignores: ['electron/main/glue/ipc-main.ts', 'electron/preload/index.ts'],
    rules: { 'no-restricted-imports': ['error', rawIpc] }
  },
  {
    files: [
      'electron/**/*.ts',
      'electron/tools/**/*.{ts,mjs}',
      'test/**/*.ts',
      'bench/**/*.ts',
      '*.config.{ts,mjs}'
    ],
    languageOptions: { globals: { ...globals.node } }
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/electron/**', 'electron', 'node:*', ...NODE_BUILTINS],
              message: 'The renderer talks to main only through the bridge.'
            }
          ]
        }
      ]
    }
  },
  {
    // The renderer tests' fake bridge stands in for main: it answers queryItems with main's
    // own search engine (plain code, no Node), so the views see main's order and counts.
    files: ['test/renderer/fake-bridge.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)electron(/(?!main/catalogue/item-search$).*)?$',
              message: 'The renderer talks to main only through the bridge.'
            },
            {
              group: ['node:*', ...NODE_BUILTINS],
              message: 'The renderer talks to main only through the bridge.'
            }
          ]
        }
      ]
    }
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/electron/**',
                '**/renderer/**',
                'electron',
                'node:*',
                ...NODE_BUILTINS,
                'react'
              ],
              message: 'shared/ is imported by both sides: no Node, no DOM, no app code.'
            }
          ]
        }
      ]
    }
  },
  {
    // Only the glue may import Electron at all.
    files: ['electron/main/**/*.ts', 'electron/demo/**/*.ts'],
    ignores: ['electron/main/index.ts', 'electron/main/glue/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ELECTRON_MODULES.map((name) => ({
            name,
            message:
              'Only electron/main/index.ts and electron/main/glue/ may import Electron: services run in plain Node.'
          })),
          patterns: [NO_RENDERER]
        }
      ]
    }
  },
  {
    // The glue, index.ts, the preload and the host may import Electron (or not), never the renderer.
    files: [
      'electron/main/index.ts',
      'electron/main/glue/**/*.ts',
      'electron/preload/**/*.ts',
      'electron/host/**/*.ts'
    ],
    ignores: ['electron/main/glue/ipc-main.ts', 'electron/preload/index.ts'],
    rules: { 'no-restricted-imports': ['error', { ...rawIpc, patterns: [NO_RENDERER] }] }
  },
  {
    files: ['electron/main/glue/ipc-main.ts', 'electron/preload/index.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_RENDERER] }] }
  }
)
