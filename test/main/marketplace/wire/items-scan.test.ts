import { describe, expect, it } from 'vitest'
import {
  scanItemsAnswer,
  type ScannedItems
} from '../../../../electron/main/marketplace/wire/items-scan'

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)
const items = (s: ScannedItems): unknown[] => Array.from({ length: s.count }, (_, n) => s.item(n))

/** What decoding the answer whole reads (interpret.ts's decode), or null when it is not JSON. */
function whole(bytes: Uint8Array): unknown {
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes)
    .replace(/^\ufeff/, '')
    .trim()
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/**
 * The scan's promise: when it answers and every item reads, the answer decoded whole is
 * the same object with the same items; when an item does not read, the whole is not JSON.
 */
function agreesWithWhole(bytes: Uint8Array): 'scanned' | 'left to the whole decode' {
  const scanned = scanItemsAnswer(bytes)
  if (!scanned) return 'left to the whole decode'
  let read: unknown[]
  try {
    read = items(scanned)
  } catch {
    expect(whole(bytes)).toBeNull()
    return 'scanned'
  }
  const decoded = whole(bytes) as Record<string, unknown>
  expect(decoded).not.toBeNull()
  expect(read).toEqual(decoded.items)
  expect({ ...scanned.head, items: read }).toEqual(decoded)
  return 'scanned'
}

const ITEM = { id: 1, name: 'Theme', tags: ['a', 'b'], price: { regular: 10 }, media: null }

describe('scanItemsAnswer reads the same items as the whole decode', () => {
  const answers: Record<string, string> = {
    plain: JSON.stringify({ status: 'success', items: [ITEM, { ...ITEM, id: 2 }] }),
    empty: '{"items":[]}',
    spaced: ' \r\n\t{ "status" : "ok" ,\n "items" : [ \n{"id":1} ,\t{"id":2}\n ] \n}\n\t ',
    'with a BOM': '\ufeff{"items":[{"id":1}]}',
    'keys after the list': '{"items":[1,2],"status":"success","page":{"items":[9]}}',
    'items inside other values': '{"data":{"items":[7]},"x":[{"items":3}],"items":[{"items":[]}]}',
    'anything as an item': '{"items":[1,-2.5e3,true,false,null,"s",[],{},[[{"a":[]}]]]}',
    'brackets and quotes in strings':
      '{"items":[{"n":"]}{[,\\"\\\\"},{"n":"\\\\"},{"n":"a\\\\\\"b"},"\\\\\\\\"]}',
    'escaped key': '{"\\u0069tems":[{"id":1}],"st\\"atus":"\\u0022"}',
    'unicode at item edges': '{"items":["é",{"n":"😀"},"中文","\\ud83d\\ude00","\\u00e9"]}',
    'lone surrogate escapes': '{"items":[{"n":"\\ud800"},"\\udfff"]}',
    'hostile strings':
      '{"items":[{"name":"</script><script>alert(1)</script>","x":"\\u0000\\u2028\\u2029","__proto__":{"polluted":true},"constructor":"c"}]}',
    'duplicate keys inside an item': '{"items":[{"id":1,"id":2}]}'
  }
  for (const [name, text] of Object.entries(answers))
    it(name, () => {
      expect(agreesWithWhole(utf8(text))).toBe('scanned')
    })

  it('a huge string and a long list', () => {
    const big = 'x"\\'.repeat(400_000)
    const list = Array.from({ length: 5_000 }, (_, n) => ({
      ...ITEM,
      id: n,
      d: n === 7 ? big : 'é'
    }))
    const bytes = utf8(JSON.stringify({ status: 'success', items: list }))
    const scanned = scanItemsAnswer(bytes)
    expect(scanned?.count).toBe(5_000)
    expect(scanned?.item(7)).toEqual(list[7])
    expect(agreesWithWhole(bytes)).toBe('scanned')
  })

  it('bytes that are not UTF-8, inside strings, read as the whole decode reads them', () => {
    const bytes = Uint8Array.from([
      ...utf8('{"items":["a'),
      0xff,
      0xc3,
      ...utf8('",{"n":"'),
      0xe2,
      0x82,
      ...utf8('"}]}')
    ])
    expect(agreesWithWhole(bytes)).toBe('scanned')
    expect(scanItemsAnswer(bytes)?.item(0)).toBe('a\ufffd\ufffd')
  })

  it('a __proto__ key stays a plain key of the head', () => {
    const scanned = scanItemsAnswer(utf8('{"__proto__":{"x":1},"items":[]}'))
    expect(Object.getPrototypeOf(scanned?.head)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})

describe('scanItemsAnswer leaves anything else to the whole decode', () => {
  const others: Record<string, string | Uint8Array> = {
    'an HTML page': '<!doctype html><html><body>Maintenance</body></html>',
    'plain text': 'Service Unavailable',
    'an empty body': '',
    'a list at the top': '[{"items":[1]}]',
    'no items': '{"status":"error","msg":"No Items Found"}',
    'items not a list': '{"items":{"0":{"id":1}}}',
    'items null': '{"items":null}',
    'items twice': '{"items":[1],"items":[2]}',
    'items twice, once escaped': '{"items":[1],"\\u0069tems":[2]}',
    'a trailing comma in the list': '{"items":[1,2,]}',
    'a trailing comma in the object': '{"items":[1],}',
    'a missing comma': '{"items":[1 2]}',
    'something after the object': '{"items":[1]} {"items":[2]}',
    'garbage after the object': '{"items":[1]}x',
    'a space JSON does not know after it': '{"items":[1]}\u00a0',
    'two BOMs': '\ufeff\ufeff{"items":[1]}',
    'a bad value beside the list': '{"status":tru,"items":[1]}',
    'an unquoted key': '{items:[1]}',
    'a string that never closes': '{"items":["abc]}',
    'a list that never closes': '{"items":[{"id":1}',
    'an object that never closes': '{"items":[{"id":1}]',
    'a lone backslash before the last quote': '{"items":["\\"]}'
  }
  for (const [name, text] of Object.entries(others))
    it(name, () => {
      const bytes = typeof text === 'string' ? utf8(text) : text
      expect(scanItemsAnswer(bytes)).toBeNull()
    })

  it('every cut-off answer', () => {
    const text = JSON.stringify({ status: 'success', items: [ITEM, { ...ITEM, name: 'é"}]' }] })
    const bytes = utf8(text)
    for (let end = 0; end < bytes.length; end++)
      expect(scanItemsAnswer(bytes.subarray(0, end)), `cut at ${end}`).toBeNull()
    expect(scanItemsAnswer(bytes)?.count).toBe(2)
  })

  it('an item that is not JSON throws when read, and the whole is not JSON either', () => {
    for (const text of [
      '{"items":[{"id":1},{id:2}]}',
      '{"items":[{"id":1}}]}',
      '{"items":[[1}]}',
      '{"items":[{"n":"tab\there"}]}',
      '{"items":[01]}',
      '{"items":[tru]}'
    ]) {
      const scanned = scanItemsAnswer(utf8(text))
      if (scanned) expect(() => items(scanned), text).toThrow()
      expect(whole(utf8(text)), text).toBeNull()
    }
  })

  it('never disagrees with the whole decode on damaged answers', () => {
    const text = JSON.stringify({
      status: 'success',
      items: [ITEM, { n: 'a\\"b]}{', u: 'é😀' }, [1, { x: null }], 'str', 3]
    })
    const base = utf8(text)
    const swaps = [0x22, 0x5c, 0x2c, 0x3a, 0x5b, 0x5d, 0x7b, 0x7d, 0x20, 0x61, 0xc3]
    let scanned = 0
    for (let at = 0; at < base.length; at++) {
      for (const b of swaps) {
        const bytes = base.slice()
        bytes[at] = b
        if (agreesWithWhole(bytes) === 'scanned') scanned++
      }
      // A byte taken out, too.
      if (
        agreesWithWhole(Uint8Array.from([...base.subarray(0, at), ...base.subarray(at + 1)])) ===
        'scanned'
      )
        scanned++
    }
    // Plenty of the damaged answers are still JSON: the scan took some of them itself.
    expect(scanned).toBeGreaterThan(50)
  })
})
