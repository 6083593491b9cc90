import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findRendererFile } from '../../electron/main/renderer-files'

describe('static paths', () => {
  it('stay inside the renderer folder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sd-renderer-'))
    try {
      await mkdir(join(root, 'assets'))
      await writeFile(join(root, 'index.html'), '<!doctype html>')
      await writeFile(join(root, 'assets', 'index-abc.js'), '')
      const real = await realpath(root)
      expect((await findRendererFile(root, '/'))?.path).toBe(join(real, 'index.html'))
      expect(await findRendererFile(root, '/assets/index-abc.js')).toMatchObject({
        path: join(real, 'assets', 'index-abc.js'),
        contentType: 'text/javascript; charset=utf-8',
        isHtml: false
      })
      for (const bad of [
        '/../x',
        '/assets/../../x',
        '/%2e%2e/x',
        '/a%5c..%5cb',
        '/a%00b',
        '/%E0%A4%A',
        '/./index.html',
        '/assets'
      ]) {
        expect(await findRendererFile(root, bad), bad).toBeNull()
      }
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})
