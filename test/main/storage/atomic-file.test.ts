import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeFileAtomic } from '../../../electron/main/storage/atomic-file'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sd-atomic-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('writeFileAtomic', () => {
  it('writes a string, bytes, or pieces one after another, leaving no temp file', async () => {
    const path = join(dir, 'f.json')
    await writeFileAtomic(path, '{"a":1}')
    expect(await readFile(path, 'utf8')).toBe('{"a":1}')
    await writeFileAtomic(path, new TextEncoder().encode('{"b":2}'))
    expect(await readFile(path, 'utf8')).toBe('{"b":2}')
    const big = Buffer.alloc(3 << 20, 0x61)
    await writeFileAtomic(path, [Buffer.from('{"c":"'), big, Buffer.from(''), Buffer.from('"}')])
    const text = await readFile(path, 'utf8')
    expect(text).toHaveLength(big.byteLength + 8)
    expect(text.startsWith('{"c":"aaa')).toBe(true)
    expect(text.endsWith('aa"}')).toBe(true)
    expect(await readdir(dir)).toEqual(['f.json'])
  })
})
