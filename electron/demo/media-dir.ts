import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** This module's folder, in the CommonJS main bundle and in the ES module host bundle alike. */
function moduleDir(): string {
  return typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url))
}

/**
 * Where the demo's media files are, found from this file's own location, never the working
 * folder (a packaged app and `node out/host/cli.mjs` run from anywhere). From source (tsx,
 * vitest) this module sits beside `media/`. Bundled into out/main (or a chunk folder below
 * it) the build copies them to out/main/demo-media (electron.vite.config.ts); bundled into
 * out/host, they are its sibling's, out/main/demo-media.
 */
export function defaultMediaDir(here: string = moduleDir()): string {
  const candidates = [join(here, 'media')]
  for (let dir = here, level = 0; level < 4; level++, dir = dirname(dir))
    candidates.push(join(dir, 'demo-media'), join(dir, 'main', 'demo-media'))
  return candidates.find((dir) => existsSync(join(dir, 'thumbs'))) ?? candidates[0]!
}
