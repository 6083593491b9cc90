import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const rawIpc = {
  paths: [
    {
      name: 'electron',
      importNames: ['ipcMain', 'ipcRenderer'],
      message: 'Use the typed contract (shared/ipc) and its glue; raw IPC lives only in electron/main/glue and the preload.'
    }
  ]
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off'
    }
  },
  {
    files: ['electron/**/*.ts', 'electron/tools/**/*.{ts,mjs}', 'test/**/*.ts', 'bench/**/*.ts', '*.config.{ts,mjs}'],
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
        { patterns: [{ group: ['**/electron/**', 'electron', 'node:*'], message: 'The renderer talks to main only through the bridge.' }] }
      ]
    }
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/electron/**', '**/renderer/**', 'electron', 'node:*', 'react'], message: 'shared/ is imported by both sides: no Node, no DOM, no app code.' }] }
      ]
    }
  },
  {
    // Only the glue may import Electron at all; raw IPC only in glue/ipc.ts and the preload.
    files: ['electron/main/**/*.ts'],
    ignores: ['electron/main/index.ts', 'electron/main/glue/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only electron/main/index.ts and electron/main/glue/ may import Electron: services run in plain Node.' }] }
      ]
    }
  },
  {
    files: ['electron/main/index.ts', 'electron/main/glue/**/*.ts'],
    ignores: ['electron/main/glue/ipc.ts'],
    rules: { 'no-restricted-imports': ['error', rawIpc] }
  }
)
