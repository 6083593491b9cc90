import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { defaultRendererDir, repoRoot } from './paths'

export function rendererIsBuilt(rendererDir: string = defaultRendererDir): boolean {
  return existsSync(join(rendererDir, 'index.html'))
}

/** Runs `electron-vite build` with this Node; resolves when it succeeded. */
export function buildApp(root: string = repoRoot): Promise<void> {
  const require = createRequire(join(root, 'package.json'))
  const pkgJson = require.resolve('electron-vite/package.json')
  const bin = join(dirname(pkgJson), 'bin', 'electron-vite.js')
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build'], { cwd: root, stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`The build failed (electron-vite exited with ${code ?? 'a signal'}).`))
    )
  })
}
