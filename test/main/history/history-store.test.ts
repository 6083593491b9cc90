import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { csvCell, toCsv } from '../../../electron/main/history/csv'
import {
  HISTORY_FORMAT,
  HistoryStore,
  MAX_FIELD
} from '../../../electron/main/history/history-store'
import { entryOf } from '../../../shared/verdict'
import { invalidResult, makeItem, validResult } from '../../support/model-fixtures'

let dataDir: string
let warnings: string[]
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-history-'))
  warnings = []
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const store = (maxEntries?: number) =>
  new HistoryStore({
    dataDir,
    log: { warn: (m) => warnings.push(m) },
    now: () => new Date('2024-05-03T12:00:00.000Z'),
    ...(maxEntries ? { maxEntries } : {})
  })
const A = '1f0e2d3c-4b5a-4697-8877-665544332211'
const B = '00000000-1111-4222-8333-444444444444'

/** A parser written from RFC 4180's grammar, to check the writer against. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let i = 0
  let quoted = false
  while (i < text.length) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i += 2
      } else if (c === '"') {
        quoted = false
        i++
      } else {
        cell += c
        i++
      }
    } else if (c === '"') {
      quoted = true
      i++
    } else if (c === ',') {
      row.push(cell)
      cell = ''
      i++
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i += 2
    } else {
      cell += c
      i++
    }
  }
  return rows
}

describe('csv', () => {
  it('quotes per RFC 4180 and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tx')).toBe("'\tx")
    expect(csvCell(null)).toBe('')
    expect(csvCell(12.5)).toBe('12.5')
    expect(toCsv(['a', 'b'], [['1', null]])).toBe('a,b\r\n1,\r\n')
  })

  it('defuses formulas after a semicolon too, for spreadsheets that split on it', () => {
    // Read as `x` and `@SUM(1)` by a spreadsheet set to split on `;`, a cell could run
    // the second part: every piece that would start a cell gets its own apostrophe.
    expect(csvCell('x;@SUM(1)')).toBe(`"'x;'@SUM(1)"`)
    expect(csvCell('Kit;=HYPERLINK("http://x");+1')).toBe(`"'Kit;'=HYPERLINK(""http://x"");'+1"`)
    expect(csvCell('a;-b')).toBe(`"'a;'-b"`)
    // A semicolon on its own is quoted (one cell in either reading), not rewritten.
    expect(csvCell('red;blue')).toBe('"red;blue"')
    for (const cell of ['x;@SUM(1)', 'Kit;=1;+1', '=1;@2', 'a;\tb']) {
      // Split the way a semicolon spreadsheet would (quotes dropped): no piece is a formula.
      const pieces = csvCell(cell).replace(/^"|"$/g, '').split(';')
      for (const piece of pieces) expect(piece, cell).not.toMatch(/^[=+\-@\t\r]/)
    }
  })

  it('defuses formulas after a tab, for a paste or a tab-separated import', () => {
    expect(csvCell('Kit\t=HYPERLINK("http://x")')).toBe(`"'Kit\t'=HYPERLINK(""http://x"")"`)
    for (const cell of ['x\t@SUM(1)', 'Kit\t=1\t+1', 'a\t-b', 'a\t\t=1', 'x;\t=1']) {
      // Split the way a tab-separated reader would (quotes dropped): no piece is a formula.
      const pieces = csvCell(cell).replace(/^"|"$/g, '').split(/[\t;]/)
      for (const piece of pieces) expect(piece, JSON.stringify(cell)).not.toMatch(/^[=+\-@\r]/)
    }
    // A tab before ordinary text is left as it is.
    expect(csvCell('Kit\tPro')).toBe('Kit\tPro')
  })
})

describe('HistoryStore', () => {
  it('keeps a line small whatever a purchase answer held: 15 MB names are cut', async () => {
    const h = store()
    const huge = makeItem(7, { name: 'N'.repeat(15_000_000) })
    const valid = validResult(A, '2024-05-01T10:00:00.000Z', huge)
    for (let i = 0; i < 40; i++) await h.record('c1', valid).written
    const file = await readFile(join(dataDir, 'history', 'c1.jsonl'), 'utf8')
    // 40 checks of a 15 MB name made a 629 MB history before.
    expect(file.length).toBeLessThan(40 * 1024)
    const restarted = store()
    const { entries, total } = await restarted.list('c1', {})
    expect(total).toBe(40)
    expect(entries[0]!.itemName).toBe(`${'N'.repeat(MAX_FIELD - 1)}…`)
    // "Was valid before" still works from the cut entries.
    const later = restarted.record('c1', invalidResult(A, '2024-05-02T10:00:00.000Z'))
    expect(await later.annotated).toMatchObject({ flag: 'was-valid' })
  })

  it('reads the newest checks of a file over its bound in bytes, and rewrites it within it', async () => {
    const maxBytes = 64 * 1024
    const path = join(dataDir, 'history', 'c1.jsonl')
    // About 1 MB of checks as the store writes them, oldest first; the newest is B, valid.
    const line = (v: Parameters<typeof entryOf>[0]): string =>
      `${JSON.stringify({ v: HISTORY_FORMAT, e: entryOf(v, null) })}\n`
    const lines = Array.from({ length: 3000 }, (_, i) =>
      line(
        invalidResult(
          `${A.slice(0, -4)}${String(i).padStart(4, '0')}`,
          new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString()
        )
      )
    )
    await mkdir(join(dataDir, 'history'))
    await writeFile(path, lines.join('') + line(validResult(B, '2024-06-01T00:00:00.000Z')))
    const before = (await readFile(path)).byteLength
    expect(before).toBeGreaterThan(maxBytes * 4)

    const h = new HistoryStore({ dataDir, log: { warn: (m) => warnings.push(m) }, maxBytes })
    const { entries, total } = await h.list('c1', {})
    expect(total).toBeGreaterThan(50)
    expect(entries[0]).toMatchObject({ code: B, valid: true })
    expect((await readFile(path)).byteLength).toBeLessThanOrEqual(maxBytes / 2)
    expect(warnings.join('\n')).toMatch(/kept its newest checks/)
  })

  it('records every check newest first, per connection, and survives a restart', async () => {
    const h = store()
    await h.record('c1', validResult(A, '2024-05-01T10:00:00.000Z')).written
    await h.record('c1', invalidResult(B, '2024-05-01T11:00:00.000Z')).written
    await h.record('c2', invalidResult(A, '2024-05-01T12:00:00.000Z')).written

    const again = store()
    const { entries, total } = await again.list('c1')
    expect(total).toBe(2)
    expect(entries.map((e) => [e.code, e.valid])).toEqual([
      [B, false],
      [A, true]
    ])
    expect(entries[1]).toMatchObject({
      itemId: 7,
      itemName: 'Item 7',
      license: 'Regular',
      price: 19,
      supportedUntil: '2030-01-01T00:00:00.000Z',
      downloaded: true,
      flag: null
    })
    expect(entries[0]).toMatchObject({ message: 'Invalid purchase code', itemId: null })
    expect((await again.list('c2')).total).toBe(1)
    expect((await again.list('c1', { limit: 1 })).entries).toHaveLength(1)
  })

  it('tells the previous verdict and flags a code that was valid and is not any more', async () => {
    const h = store()
    const first = validResult(A, '2024-05-01T10:00:00.000Z')
    expect(await h.record('c1', first).annotated).toEqual(first)

    const second = invalidResult(A, '2024-05-03T10:00:00.000Z')
    expect(await h.record('c1', second).annotated).toMatchObject({
      valid: false,
      previous: { valid: true, checkedAt: '2024-05-01T10:00:00.000Z' },
      flag: 'was-valid'
    })

    const third = invalidResult(A, '2024-05-03T11:00:00.000Z')
    const annotated = await h.record('c1', third).annotated
    expect(annotated).toMatchObject({ previous: { valid: false } })
    expect('flag' in annotated).toBe(false)

    expect(await h.previousFor('c1', ` ${A.toUpperCase()} `)).toMatchObject({
      checkedAt: '2024-05-03T11:00:00.000Z'
    })
    expect(await h.previousFor('c2', A)).toBeNull()
    const flagged = await store().list('c1', { query: 'refunded' })
    expect(flagged.entries.map((e) => e.checkedAt)).toEqual(['2024-05-03T10:00:00.000Z'])
  })

  it('searches by code, item name and verdict', async () => {
    const h = store()
    await h.record(
      'c1',
      validResult(A, '2024-05-01T10:00:00.000Z', makeItem(3, { name: 'Neon Icons Pack' }))
    ).written
    await h.record(
      'c1',
      validResult(B, '2024-05-01T11:00:00.000Z', makeItem(4, { name: 'Lo-fi Beats' }))
    ).written
    await h.record('c1', invalidResult('abc12345', '2024-05-01T12:00:00.000Z')).written
    const codes = async (query: string) =>
      (await h.list('c1', { query })).entries.map((e) => e.code)
    expect(await codes('neon')).toEqual([A])
    expect(await codes('1F0E2D')).toEqual([A])
    expect(await codes('valid')).toEqual([B, A])
    expect(await codes('not valid')).toEqual(['abc12345'])
    expect(await codes('invalid')).toEqual(['abc12345'])
    expect(await codes('lo-fi')).toEqual([B])
    expect(await codes('abc')).toEqual(['abc12345'])
    expect(await codes('nothing like this')).toEqual([])
  })

  it('finds checks by support state and licence name, as the table words them', async () => {
    const h = store()
    const withSupport = (code: string, until: string | null, licence: string) => {
      const v = validResult(code, '2024-05-01T10:00:00.000Z')
      if (!v.valid) throw new Error('valid fixture expected')
      return { ...v, purchase: { ...v.purchase, supported_until: until, license_type: licence } }
    }
    const C = '22222222-3333-4444-8555-666666666666'
    // "now" in this store is 2024-05-03: one support ended, one runs, one never was.
    await h.record('c1', withSupport(A, '2024-04-01T00:00:00.000Z', 'Regular')).written
    await h.record('c1', withSupport(B, '2030-01-01T00:00:00.000Z', 'Extended')).written
    await h.record('c1', withSupport(C, null, 'Licencia extendida')).written
    await h.record('c1', invalidResult('abc12345', '2024-05-01T12:00:00.000Z')).written
    const codes = async (query: string) =>
      (await h.list('c1', { query })).entries.map((e) => e.code)
    expect(await codes('expired')).toEqual([A])
    expect(await codes('Support  expired')).toEqual([A])
    expect(await codes('no support')).toEqual([C])
    expect(await codes('supported')).toEqual([B])
    expect(await codes('not valid')).toEqual(['abc12345'])
    expect(await codes('valid')).toEqual([C, B, A])
    expect(await codes('extended')).toEqual([B])
    expect(await codes('licencia')).toEqual([C])
    expect(await codes('regular')).toEqual([A])

    // The export words each verdict as the app shows it.
    const rows = parseCsv((await h.exportCsv('c1')).csv)
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['abc12345', 'Not valid'],
      [C, 'Valid · no support'],
      [B, 'Valid · support active'],
      [A, 'Valid · support expired']
    ])
  })

  it('exports CSV a parser reads back exactly, formulas defused', async () => {
    const h = store()
    await h.record(
      'c1',
      validResult(
        A,
        '2024-05-01T10:00:00.000Z',
        makeItem(3, { name: '=cmd|"/c calc"!A1, "quoted"\nnext' })
      )
    ).written
    await h.record('c1', invalidResult(B, '2024-05-01T11:00:00.000Z', 'Código de compra inválido'))
      .written
    const { filename, csv } = await h.exportCsv('c1')
    expect(filename).toBe('seller-desk-history-2024-05-03.csv')
    const rows = parseCsv(csv)
    expect(rows).toHaveLength(3)
    // One shape for History's and bulk's exports (electron/main/history/csv.ts).
    expect(rows[0]).toEqual([
      'Purchase code',
      'Verdict',
      'Item',
      'Item ID',
      'Licence',
      'Support until',
      'Checked at',
      'Reason'
    ])
    expect(rows[1]).toEqual([
      B,
      'Not valid',
      '',
      '',
      '',
      '',
      '2024-05-01T11:00:00.000Z',
      'Código de compra inválido'
    ])
    expect(rows[2]).toEqual([
      A,
      'Valid · support active',
      `'=cmd|"/c calc"!A1, "quoted"\nnext`,
      '3',
      'Regular',
      '2030-01-01T00:00:00.000Z',
      '2024-05-01T10:00:00.000Z',
      ''
    ])
  })

  it('skips a torn last line after a crash and compacts past the bound', async () => {
    const h = store(10)
    for (let i = 0; i < 15; i++)
      await h.record(
        'c1',
        invalidResult(
          `code-${String(i).padStart(4, '0')}-x`,
          `2024-05-01T10:00:${String(i).padStart(2, '0')}.000Z`
        )
      ).written
    const file = join(dataDir, 'history', 'c1.jsonl')
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(15)
    await h.record('c1', invalidResult('code-0015-x', '2024-05-01T10:00:15.000Z')).written
    // 16 > 1.5 x 10: rewritten with the newest 10.
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(10)
    expect((await h.list('c1')).entries[0]!.code).toBe('code-0015-x')

    await appendFile(file, '{"v":1,"e":{"code":"torn')
    const after = store(10)
    const { entries } = await after.list('c1')
    expect(entries).toHaveLength(10)
    expect(entries.at(-1)!.code).toBe('code-0006-x')
    expect(warnings.join('\n')).toMatch(/skipped 1 unreadable line/)
    await after.record('c1', invalidResult('code-0016-x', '2024-05-01T10:00:16.000Z')).written
    expect((await store(10).list('c1')).entries[0]!.code).toBe('code-0016-x')
  })

  it('annotates before the append is on disk; later reads and close() wait for it', async () => {
    const h = store()
    await h.record('c1', validResult(A, '2024-05-01T10:00:00.000Z')).written
    const again = h.record('c1', invalidResult(A, '2024-05-02T10:00:00.000Z'))
    let written = false
    void again.written.then(() => (written = true))
    expect(await again.annotated).toMatchObject({ flag: 'was-valid' })
    expect(written).toBe(false)
    // The next check of the code knows this one while its append is still under way.
    const third = h.record('c1', invalidResult(A, '2024-05-03T10:00:00.000Z'))
    expect(await third.annotated).toMatchObject({
      previous: { valid: false, checkedAt: '2024-05-02T10:00:00.000Z' }
    })
    expect(written).toBe(false)
    expect((await h.list('c1')).total).toBe(3)
    const fourth = h.record('c1', invalidResult(B, '2024-05-04T10:00:00.000Z'))
    await fourth.annotated
    await h.close()
    expect((await store().list('c1')).total).toBe(4)
  })

  it('a check whose append failed is not listed either', async () => {
    // A file where the history folder should be: every append fails.
    await writeFile(join(dataDir, 'history'), 'not a folder')
    const h = store()
    const failing = h.record('c1', validResult(A, '2024-05-01T10:00:00.000Z'))
    expect(await failing.annotated).toMatchObject({ code: A })
    await expect(failing.written).rejects.toThrow()
    expect((await h.list('c1')).total).toBe(0)
  })

  it('keeps concurrent records (no lost appends)', async () => {
    const h = store()
    await Promise.all(
      Array.from(
        { length: 30 },
        (_, i) =>
          h.record(
            'c1',
            invalidResult(`c-${i}-0000000`, new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString())
          ).written
      )
    )
    expect((await store().list('c1')).total).toBe(30)
  })
})
