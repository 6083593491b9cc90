import { describe, expect, it } from 'vitest'
import { asciiJson } from '../../../electron/main/cache/ascii-json'

describe('asciiJson', () => {
  it('writes every character past ASCII as an escape, and reads back the same document', () => {
    const doc = {
      name: 'Café Ünïcode ✓ 日本語 😀',
      clé: ['\u0080', '\u00ff', '\u0100', '\uffff'],
      broken: '\ud800 alone',
      plain: 'a "quote" \\ and \n newline'
    }
    const json = JSON.stringify(doc)
    const ascii = asciiJson(json)
    expect([...ascii].every((c) => c.charCodeAt(0) < 0x80)).toBe(true)
    expect(ascii).toContain('Caf\\u00e9')
    expect(ascii).toContain('\\ud83d\\ude00')
    expect(JSON.parse(ascii)).toEqual(doc)
  })

  it('leaves ASCII text as it is', () => {
    const json = JSON.stringify({ a: 'plain \u007f text', b: [1, 2] })
    expect(asciiJson(json)).toBe(json)
  })
})
