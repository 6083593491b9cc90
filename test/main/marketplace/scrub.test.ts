import { describe, expect, it } from 'vitest'
import {
  cleanServerText,
  debugDetails,
  type Answer
} from '../../../electron/main/marketplace/interpret'
import {
  KEY_MASK,
  markScrubbed,
  scrubKey,
  scrubKeyDeep,
  scrubKeyDeepSliced
} from '../../../electron/main/marketplace/scrub'

const KEY = 'k3yAbCdEfGhIjKlMnOpQrStUvWxYz0123456789'

function answer(body: string, type = 'application/json'): Answer {
  return {
    status: 500,
    headers: new Headers({ 'content-type': type }),
    body: new TextEncoder().encode(body),
    url: new URL('https://market.example/api/items/all')
  }
}

describe('scrubKey', () => {
  it('masks the whole key and every run of 8 or more of its characters', () => {
    expect(scrubKey(`key=${KEY}!`, KEY)).toBe(`key=${KEY_MASK}!`)
    // A quote cut short by an error message: the start, the middle and the end of the key.
    expect(scrubKey(`got "${KEY.slice(0, 20)}..."`, KEY)).toBe(`got "${KEY_MASK}..."`)
    expect(scrubKey(`(${KEY.slice(10, 18)})`, KEY)).toBe(`(${KEY_MASK})`)
    expect(scrubKey(`${KEY.slice(-9)}`, KEY)).toBe(KEY_MASK)
    expect(scrubKey(`a ${KEY.slice(3, 12)} b ${KEY.slice(20, 30)} c`, KEY)).toBe(
      `a ${KEY_MASK} b ${KEY_MASK} c`
    )
  })

  it('leaves shorter pieces and unrelated text alone', () => {
    expect(scrubKey(`id ${KEY.slice(0, 7)} ok`, KEY)).toBe(`id ${KEY.slice(0, 7)} ok`)
    expect(scrubKey('data.items[0].price: expected a number', KEY)).toBe(
      'data.items[0].price: expected a number'
    )
    expect(scrubKey('anything at all', '')).toBe('anything at all')
    // A key too short for pieces to count is still masked whole.
    expect(scrubKey('key=abc123 and abc12', 'abc123')).toBe(`key=${KEY_MASK} and abc12`)
  })

  it('masks the key it is handed now, not the one it was handed before', () => {
    // The key's spellings are worked out once per key: a second connection's key must
    // not be judged by the first's.
    const other = 'zzOtherKey-9876543210-QWERTYUIOP'
    expect(scrubKey(`a ${KEY} b`, KEY)).toBe(`a ${KEY_MASK} b`)
    expect(scrubKey(`a ${other} b ${KEY}`, other)).toBe(`a ${KEY_MASK} b ${KEY}`)
    expect(scrubKey(`a ${other} b ${KEY}`, KEY)).toBe(`a ${other} b ${KEY_MASK}`)
    // Short text is passed over only when no spelling of the key fits in it.
    expect(scrubKey('x=abc123', 'abc123')).toBe(`x=${KEY_MASK}`)
    expect(scrubKey('abc123', 'abc123')).toBe(KEY_MASK)
  })

  it('runs two pieces of the key written back to back into masks without a gap', () => {
    const twice = KEY.slice(0, 10) + KEY.slice(25, 35)
    const out = scrubKey(twice, KEY)
    expect(out).not.toMatch(/[A-Za-z0-9]{8}/)
  })
})

describe('scrubKey on encoded echoes', () => {
  const PLUS = 'sd+Live/9fQ2xW7mK4pR8tY1=vB3nZ6cH0jL5aE/+Q=='
  const url = encodeURIComponent(PLUS)
  const form = new URLSearchParams({ k: PLUS }).toString().slice(2)

  it('masks the URL-encoded, form-encoded and JSON-escaped spellings, in any case', () => {
    for (const echoed of [
      url,
      url.toLowerCase(),
      form,
      PLUS.replace(/\//g, '\\/'),
      PLUS.toUpperCase()
    ]) {
      expect(scrubKey(`key=${echoed};`, PLUS), echoed).toBe(`key=${KEY_MASK};`)
    }
    // A piece of an encoded spelling, cut short by a message.
    expect(scrubKey(`got ${url.slice(4, 24)}...`, PLUS)).toBe(`got ${KEY_MASK}...`)
  })

  it('leaves data that shares a short run with the key alone (a file hash, a purchase code)', () => {
    const hex = 'a1b2c3d4'.repeat(8)
    const thumb = `https://cdn.example/${hex.slice(5, 16)}ffee.jpg`
    expect(scrubKeyDeep({ thumb }, hex)).toEqual({ thumb })
    expect(scrubKeyDeep({ thumb: `https://cdn.example/${hex.slice(5, 17)}.jpg` }, hex)).toEqual({
      thumb: `https://cdn.example/${KEY_MASK}.jpg`
    })
  })

  it('masks every string of an answer, object keys included, and keeps the rest', () => {
    const answer = {
      name: `Kit ${url}`,
      price: 12.5,
      ok: true,
      none: null,
      tags: ['a', PLUS.toLowerCase()],
      options: { [PLUS]: form }
    }
    expect(scrubKeyDeep(answer, PLUS)).toEqual({
      name: `Kit ${KEY_MASK}`,
      price: 12.5,
      ok: true,
      none: null,
      tags: ['a', KEY_MASK],
      options: { [KEY_MASK]: KEY_MASK }
    })
  })

  it('hands back the same objects where nothing was masked, and rebuilds only what was', () => {
    // A catalogue is searched, not copied: a second full copy of it was the refresh's peak.
    const clean = { id: 1, name: 'Kit', tags: ['a', 'b'], media: { shots: ['x.jpg'] } }
    const list = [clean, { id: 2, name: `Kit ${KEY}`, tags: ['c'] }]
    const answer = { items: list, skipped: [] }
    expect(scrubKeyDeep(clean, KEY)).toBe(clean)
    const out = scrubKeyDeep(answer, KEY)
    expect(out).not.toBe(answer)
    expect(out.items).not.toBe(list)
    expect(out.items[0]).toBe(clean)
    expect(out.skipped).toBe(answer.skipped)
    expect(out.items[1]).toEqual({ id: 2, name: `Kit ${KEY_MASK}`, tags: ['c'] })
    expect(out.items[1]!.tags).toBe(list[1]!.tags)
    // The answer given is left as it was.
    expect(list[1]!.name).toBe(`Kit ${KEY}`)
  })

  it('passes over a list marked scrubbed for the same key, and only that list', async () => {
    // The parse thread scrubs the items it reads and main marks their list. Marked lists
    // holding the key show that the mark is what the deep scrubs go by: a real one never
    // holds it.
    const slices = { due: () => true, turn: () => new Promise<void>((r) => setImmediate(r)) }
    const marked = markScrubbed([{ id: 1, name: `Kit ${KEY}` }], KEY)
    const answer = { items: marked, skipped: [{ message: `bad ${KEY}` }] }
    for (const out of [scrubKeyDeep(answer, KEY), await scrubKeyDeepSliced(answer, KEY, slices)]) {
      expect(out.items).toBe(marked)
      // What is not marked is still scrubbed.
      expect(out.skipped[0]!.message).toBe(`bad ${KEY_MASK}`)
    }
    // Another key, or a copy of the list, is scrubbed as usual.
    const other = `${KEY.slice(1)}Q`
    expect(scrubKeyDeep(markScrubbed([`x ${KEY}`], other), KEY)).toEqual([`x ${KEY_MASK}`])
    expect(scrubKeyDeep([...marked], KEY)[0]!.name).toBe(`Kit ${KEY_MASK}`)
  })
})

describe('scrubKey on disguised echoes', () => {
  const spread = (text: string, between: string): string => text.split('').join(between)

  it('reads through HTML entities, escapes, invisible characters, tags and comments', () => {
    const decimal = [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join('')
    const hex = [...KEY].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('')
    const unicode = [...KEY]
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join('')
    for (const echoed of [
      decimal,
      hex,
      unicode,
      spread(KEY, '\u200b'),
      spread(KEY, '\u00ad'),
      spread(KEY, '&shy;'),
      spread(KEY, '\ufeff'),
      `${KEY.slice(0, 10)}<b>${KEY.slice(10, 25)}</b>${KEY.slice(25)}`,
      `${KEY.slice(0, 12)}<!-- x -->${KEY.slice(12)}`,
      spread(KEY, '<i></i>')
    ]) {
      const out = scrubKey(`key: ${echoed}.`, KEY)
      expect(out, echoed).toBe(`key: ${KEY_MASK}.`)
    }
  })

  it('masks the key inside a tag as well as around one', () => {
    expect(scrubKey(`<a href="https://x.example/?k=${KEY}">link</a>`, KEY)).toBe(
      `<a href="https://x.example/?k=${KEY_MASK}">link</a>`
    )
  })

  it('masks the key in base64, standard and URL-safe, at any byte offset', () => {
    const plus = 'sd+Live/9fQ2xW7mK4pR8tY1=vB3nZ6cH0jL5aE/+Q=='
    for (const key of [KEY, plus]) {
      for (const prefix of ['', 'a', 'ab', 'api_key=']) {
        const b64 = Buffer.from(`${prefix}${key}&next=1`).toString('base64')
        for (const echoed of [b64, b64.replace(/\+/g, '-').replace(/\//g, '_')]) {
          const out = scrubKey(`token ${echoed} end`, key)
          // Every letter only the key's bytes decide is masked.
          expect(out, `${prefix} ${echoed}`).toContain(KEY_MASK)
          const left = out.replace('token ', '').replace(' end', '').split(KEY_MASK).join('')
          // The key is 39+ bytes (52+ letters); prefix and suffix keep theirs, give or take two.
          const theirs = Math.ceil((prefix.length * 4) / 3) + 10 + 2
          expect(left.length, `${prefix} ${echoed}`).toBeLessThanOrEqual(theirs)
        }
      }
    }
  })

  it('leaves text alone that only looks like markup or an entity', () => {
    const text = 'a < b && c > d; &#xZZ; &nosuch; \\u12 <<<>>> 5 <3'
    expect(scrubKey(text, KEY)).toBe(text)
  })

  it("scrubs a 50 MB run of the key's own characters in one pass, without running out of stack", () => {
    const unrelated = [...'0123456789abcdef'].reverse().join('')
    const hexKey = '0123456789abcdef'.repeat(4)
    // 50 MB of the key's characters in an order that holds no piece of it.
    const clean = unrelated.repeat(50 * 65_536)
    expect(clean.length).toBe(52_428_800)
    expect(scrubKey(clean, hexKey)).toBe(clean)
    // A run made of the key, with one word in the middle: two masks.
    const half = hexKey.repeat(40_960)
    expect(scrubKey(`${half}|word|${half}`, hexKey)).toBe(`${KEY_MASK}|word|${KEY_MASK}`)
  }, 120_000)
})

describe('cleanServerText', () => {
  it('masks a piece of the key echoed in a message before cutting it short', () => {
    const text = cleanServerText(`The api key ${KEY.slice(2, 30)} is not valid.`, KEY)
    expect(text).toBe(`The api key ${KEY_MASK} is not valid.`)
    const long = cleanServerText(`${'x '.repeat(145)}${KEY}${'y'.repeat(400)}`, KEY)!
    expect(long.length).toBeLessThanOrEqual(300)
    expect(long).not.toContain(KEY.slice(0, 8))
  })
})

describe('debugDetails (real-installs §34)', () => {
  it('names the exception, message, file and line of a debug-mode 500, scrubbed and bounded', () => {
    const details = debugDetails(
      answer(
        JSON.stringify({
          message: `SQLSTATE: where api_key = '${KEY}'`,
          exception: 'Illuminate\\Database\\QueryException',
          file: '/var/www/market/vendor/Connection.php',
          line: 829,
          trace: Array.from({ length: 200 }, (_, i) => ({ file: `/f${i}.php`, line: i }))
        })
      ),
      KEY
    )
    expect(details).toContain('exception: Illuminate\\Database\\QueryException')
    expect(details).toContain('file: /var/www/market/vendor/Connection.php')
    expect(details).toContain('line: 829')
    expect(details).not.toContain(KEY.slice(0, 8))
    expect(details).not.toContain('/f199.php')
    expect(details!.length).toBeLessThanOrEqual(500)
  })

  it('bounds a plain-text body and skips an HTML error page', () => {
    expect(
      debugDetails(answer(`Fatal error: ${KEY} ${'z'.repeat(5000)}`, 'text/plain'), KEY)!.length
    ).toBeLessThanOrEqual(500)
    expect(debugDetails(answer(`Fatal error: ${KEY}`, 'text/plain'), KEY)).toBe(
      `Fatal error: ${KEY_MASK}`
    )
    expect(
      debugDetails(answer('<!DOCTYPE html><h1>Server Error</h1>', 'text/html'), KEY)
    ).toBeNull()
    expect(debugDetails(answer(JSON.stringify({ message: 'Server Error' })), KEY)).toBe(
      'message: Server Error'
    )
  })
})
