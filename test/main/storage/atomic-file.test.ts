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
  it('writes a string, bytes, or pieces one after another as they are made, leaving no temp file', async () => {
    const path = join(dir, 'f.json')
    await writeFileAtomic(path, '{"a":1}')
    expect(await readFile(path, 'utf8')).toBe('{"a":1}')
    await writeFileAtomic(path, new TextEncoder().encode('{"b":2}'))
    expect(await readFile(path, 'utf8')).toBe('{"b":2}')
    const big = Buffer.alloc(3 << 20, 0x61)
    await writeFileAtomic(path, async (out) => {
      for (const piece of [Buffer.from('{"c":"'), big, Buffer.from(''), Buffer.from('"}')])
        await out.append(piece)
    })
    const text = await readFile(path, 'utf8')
    expect(text).toHaveLength(big.byteLength + 8)
    expect(text.startsWith('{"c":"aaa')).toBe(true)
    expect(text.endsWith('aa"}')).toBe(true)
    expect(await readdir(dir)).toEqual(['f.json'])
  })

  it('lets a writer append as it makes the bytes, and write over a header at the end', async () => {
    const path = join(dir, 'f.json')
    await writeFileAtomic(path, async (out) => {
      await out.append(Buffer.from('{"n":0,'))
      for (let i = 0; i < 3; i++) await out.append(Buffer.alloc(1 << 20, 0x20))
      await out.append(Buffer.from('"z":1}'))
      await out.overwrite(5, Buffer.from('9'))
    })
    const text = await readFile(path, 'utf8')
    expect(text.startsWith('{"n":9,   ')).toBe(true)
    expect(text.endsWith(' "z":1}')).toBe(true)
    expect(text).toHaveLength(7 + (3 << 20) + 6)
    expect(await readdir(dir)).toEqual(['f.json'])
  })

  it('keeps the old file, and no temp file, when the writer fails or writes past its end', async () => {
    const path = join(dir, 'f.json')
    await writeFileAtomic(path, 'old')
    await expect(
      writeFileAtomic(path, async (out) => {
        await out.append(Buffer.from('new, half'))
        throw new Error('the body broke')
      })
    ).rejects.toThrow('the body broke')
    await expect(
      writeFileAtomic(path, async (out) => {
        await out.append(Buffer.from('abc'))
        await out.overwrite(2, Buffer.from('xy'))
      })
    ).rejects.toThrow(RangeError)
    expect(await readFile(path, 'utf8')).toBe('old')
    expect(await readdir(dir)).toEqual(['f.json'])
  })
})
