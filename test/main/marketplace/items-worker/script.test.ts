import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { itemsWorkerScript } from '../../../../electron/main/marketplace/items-worker/script'

const made: string[] = []
const folder = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'items-worker-'))
  made.push(dir)
  return dir
}
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe("where the parse thread's program is", () => {
  it('is worker.ts beside this module when run from source', () => {
    const script = itemsWorkerScript()
    expect(script?.typescript).toBe(true)
    expect(script?.file).toMatch(
      /electron[\\/]main[\\/]marketplace[\\/]items-worker[\\/]worker\.ts$/
    )
  })

  it("is the main bundle's items-worker.js, from the bundle or a chunk folder below it", () => {
    const main = folder()
    writeFileSync(join(main, 'items-worker.js'), '')
    mkdirSync(join(main, 'chunks'))
    expect(itemsWorkerScript(main)).toEqual({
      file: join(main, 'items-worker.js'),
      typescript: false
    })
    expect(itemsWorkerScript(join(main, 'chunks'))).toEqual({
      file: join(main, 'items-worker.js'),
      typescript: false
    })
  })

  it("is the host bundle's items-worker.mjs", () => {
    const host = folder()
    writeFileSync(join(host, 'items-worker.mjs'), '')
    expect(itemsWorkerScript(host)).toEqual({
      file: join(host, 'items-worker.mjs'),
      typescript: false
    })
  })

  it('is none where there is no program (the list is then read in main)', () => {
    expect(itemsWorkerScript(folder())).toBeNull()
  })
})
