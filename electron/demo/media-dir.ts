import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/**
 * Where the demo's media files are. From source (tsx, vitest) this module sits beside
 * `media/`. Bundled, it lives in out/main or a chunk folder below it, and the build
 * copies the files to out/main/demo-media (see electron.vite.config.ts), so look upwards
 * for that; last, the source folder of a checkout.
 */
export function defaultMediaDir(): string {
  const here = typeof __dirname === 'string' ? __dirname : process.cwd()
  const candidates = [join(here, 'media')]
  for (let dir = here, level = 0; level < 4; level++, dir = dirname(dir))
    candidates.push(join(dir, 'demo-media'))
  candidates.push(resolve(process.cwd(), 'electron', 'demo', 'media'))
  return candidates.find((dir) => existsSync(join(dir, 'thumbs'))) ?? candidates[0]!
}
