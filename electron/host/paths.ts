import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository (or unpacked app) root: two folders above electron/host. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * Where `electron-vite build` puts the renderer the host serves. SELLER_DESK_RENDERER_DIR
 * serves one built elsewhere (a packaged copy, a test build).
 */
export const defaultRendererDir =
  process.env['SELLER_DESK_RENDERER_DIR'] || join(repoRoot, 'out', 'renderer')
