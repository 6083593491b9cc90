import { readdirSync, statSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { VersionedFile, WRITE_SLICE_MS } from '../../../electron/main/cache/versioned-file'
import type { JsonPieces } from '../../../electron/main/cache/list-entry-json'

const Schema = z.object({ rows: z.array(z.string()) })
type Doc = z.infer<typeof Schema>
const log = { warn: () => {} }

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sd-versioned-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The document's JSON row by row; `seen` is called before each row is made. */
function rowsPieces(seen: () => void, breakAt = -1) {
  return (doc: Doc): JsonPieces => {
    function* pieces(): Generator<string> {
      yield '{"rows":['
      for (let n = 0; n < doc.rows.length; n++) {
        if (n === breakAt) throw new Error('row refused')
        seen()
        yield `${n === 0 ? '' : ','}${JSON.stringify(doc.rows[n])}`
      }
      yield ']}'
    }
    return { pieces: pieces(), faithful: () => true }
  }
}

describe('VersionedFile written in pieces', () => {
  const doc: Doc = { rows: Array.from({ length: 8 }, (_, n) => `${n}`.repeat(600_000)) }

  it('writes the body as it is made, not once it is whole, and the same file as a whole write', async () => {
    // What the temp file holds while rows are still being made (read synchronously, so
    // nothing is written meanwhile).
    const temps = (): number => {
      let total = 0
      for (const name of readdirSync(dir))
        if (name.endsWith('.tmp')) total += statSync(join(dir, name)).size
      return total
    }
    const sizes: number[] = []
    const file = new VersionedFile('rows', 1, Schema, log, {
      pieces: rowsPieces(() => sizes.push(temps()))
    })
    await file.write(join(dir, 'b.json'), doc)
    await new VersionedFile('rows', 1, Schema, log).write(join(dir, 'a.json'), doc)
    const b = await readFile(join(dir, 'b.json'))
    expect(b.equals(await readFile(join(dir, 'a.json')))).toBe(true)
    expect(await new VersionedFile('rows', 1, Schema, log).read(join(dir, 'b.json'))).toEqual(doc)
    // Rows made after the first megabytes found them on disk already.
    expect(Math.max(...sizes)).toBeGreaterThan(2 << 20)
  })

  it('keeps the old file when a piece is refused halfway, leaving no temp file', async () => {
    const path = join(dir, 'a.json')
    const plain = new VersionedFile('rows', 1, Schema, log)
    await plain.write(path, { rows: ['old'] })
    const before = await readFile(path)
    const breaking = new VersionedFile('rows', 1, Schema, log, {
      pieces: rowsPieces(() => {}, 6)
    })
    await expect(breaking.write(path, doc)).rejects.toThrow('row refused')
    expect((await readFile(path)).equals(before)).toBe(true)
    expect(await readdir(dir)).toEqual(['a.json'])
    expect(await plain.read(path)).toEqual({ rows: ['old'] })
  })

  it('lets the event loop turn while slow pieces are made, long before a chunk is full', async () => {
    // Small rows that take a while each (a schema check per entry): without a time limit
    // the whole body is made in one turn of the event loop.
    const small: Doc = { rows: Array.from({ length: 12 }, (_, n) => `${n}`) }
    let turned = false
    const turnsSeen: boolean[] = []
    const slow = new VersionedFile('rows', 1, Schema, log, {
      pieces: rowsPieces(() => {
        if (turnsSeen.length === 0) setImmediate(() => (turned = true))
        turnsSeen.push(turned)
        const until = performance.now() + WRITE_SLICE_MS
        while (performance.now() < until);
      })
    })
    await slow.write(join(dir, 'slow.json'), small)
    expect(turnsSeen.at(-1)).toBe(true)
    expect(turnsSeen.indexOf(true)).toBeLessThan(4)
    expect(await new VersionedFile('rows', 1, Schema, log).read(join(dir, 'slow.json'))).toEqual(
      small
    )
  })

  it('writes a document given as pieces alone, without its value', async () => {
    const path = join(dir, 'p.json')
    const whole = { rows: ['a', 'b"', 'c'] }
    const file = new VersionedFile('rows', 1, Schema, log)
    await file.writePieces(path, rowsPieces(() => {})(whole))
    await new VersionedFile('rows', 1, Schema, log).write(join(dir, 'w.json'), whole)
    expect((await readFile(path)).equals(await readFile(join(dir, 'w.json')))).toBe(true)
    expect(await file.read(path)).toEqual(whole)
  })
})

describe('VersionedFile bytes', () => {
  const doc: Doc = { rows: ['Café', '日本語 ✓', '😀', 'plain'] }

  it('writes all ASCII and reads it back through the checksum, not the schema', async () => {
    const path = join(dir, 'a.json')
    await new VersionedFile('rows', 1, Schema, log).write(path, doc)
    const bytes = await readFile(path)
    expect(bytes.every((b) => b < 0x80)).toBe(true)
    let checked = 0
    const counting = Schema.refine(() => ++checked > 0)
    expect(await new VersionedFile('rows', 1, counting, log).read(path)).toEqual(doc)
    expect(checked).toBe(0)
  })

  it('still reads a signed file that holds UTF-8, as files written before were', async () => {
    const path = join(dir, 'a.json')
    const body = Buffer.from(JSON.stringify(doc), 'utf8')
    const sum = createHash('sha256').update(body).digest('base64url')
    const head = `{"format":1,"kind":"rows","sha256":"${sum}","body":`
    await writeFile(path, Buffer.concat([Buffer.from(head), body, Buffer.from('}')]))
    let checked = 0
    const counting = Schema.refine(() => ++checked > 0)
    expect(await new VersionedFile('rows', 1, counting, log).read(path)).toEqual(doc)
    expect(checked).toBe(0)
  })
})
