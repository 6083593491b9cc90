import { resolve } from 'node:path'
import { build, type InlineConfig, type Plugin } from 'vite'

const root = resolve(__dirname, '../..')

/** The Node programs `npm run build` bundles beside the app: out/host/<name>.mjs. */
const HOST_ENTRIES = {
  cli: resolve(root, 'electron/host/cli.ts'),
  'demo-server': resolve(root, 'electron/demo/cli.ts'),
  // The item list's parse thread, beside the host that starts it (items-worker/script.ts).
  'items-worker': resolve(root, 'electron/main/marketplace/items-worker/worker.ts')
} as const

const HOST_OUT_DIR = resolve(root, 'out/host')

/**
 * Node programs as plain ES modules: one file per entry plus shared chunks in the same
 * folder (so electron/host/paths.ts still finds the repository two folders up), no
 * TypeScript to transform when they start. Packages are bundled in too (zod's hundred-odd
 * module files cost a launch more to resolve and load than one bundle does), except
 * keytar, a native module loaded from node_modules.
 */
function hostBundleConfig(
  entries: Record<string, string>,
  outDir: string,
  emptyOutDir = true
): InlineConfig {
  return {
    configFile: false,
    root,
    logLevel: 'warn',
    ssr: { noExternal: true, external: ['keytar', 'electron'] },
    build: {
      ssr: true,
      target: 'node20',
      outDir,
      emptyOutDir,
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: entries,
        output: {
          format: 'esm',
          entryFileNames: '[name].mjs',
          chunkFileNames: '[name]-[hash].mjs'
        }
      }
    }
  }
}

export async function buildNodeBundle(
  entries: Record<string, string>,
  outDir: string,
  emptyOutDir = true
): Promise<void> {
  await build(hostBundleConfig(entries, outDir, emptyOutDir))
}

/**
 * Builds out/host once the main process is built, so every way the app is built
 * (`npm run build`, `npm start`, the host building a missing renderer) leaves the browser
 * host and the demo-server runnable with plain `node`.
 */
export function buildHostPrograms(): Plugin {
  return {
    name: 'seller-desk:host-programs',
    apply: 'build',
    async closeBundle() {
      await buildNodeBundle(HOST_ENTRIES, HOST_OUT_DIR)
    }
  }
}
