import { describe, expect, it } from 'vitest'
import { deepLinkInArgv, parseDeepLink } from '../../shared/deep-link'

// A deep link arrives from any page, mail or spreadsheet: only a lone code is taken from it.

const CODE = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'

describe('parseDeepLink', () => {
  it('takes the code from sellerdesk://check?code=…, with or without a slash, normalised', () => {
    expect(parseDeepLink(`sellerdesk://check?code=${CODE}`)).toEqual({ ok: true, code: CODE })
    expect(parseDeepLink(`sellerdesk://check/?code=${CODE}`)).toEqual({ ok: true, code: CODE })
    expect(parseDeepLink(`SellerDesk://CHECK?code=${CODE.toUpperCase()}`)).toEqual({
      ok: true,
      code: CODE
    })
    // Encoded spaces or quotes around the code, as a spreadsheet formula may add.
    expect(parseDeepLink(`sellerdesk://check?code=%20%22${CODE}%22%20`)).toEqual({
      ok: true,
      code: CODE
    })
  })

  it.each([
    ['another scheme', `https://check?code=${CODE}`],
    ['another action', `sellerdesk://delete?code=${CODE}`],
    ['a path', `sellerdesk://check/all?code=${CODE}`],
    ['an extra parameter', `sellerdesk://check?code=${CODE}&connection=x`],
    ['the code twice', `sellerdesk://check?code=${CODE}&code=${CODE}`],
    ['no code', 'sellerdesk://check'],
    ['an empty code', 'sellerdesk://check?code='],
    ['a fragment', `sellerdesk://check?code=${CODE}#x`],
    ['credentials', `sellerdesk://user:pw@check?code=${CODE}`],
    ['a sentence', `sellerdesk://check?code=${encodeURIComponent(`my code is ${CODE} thanks`)}`],
    [
      'two codes',
      `sellerdesk://check?code=${encodeURIComponent(`${CODE}\n${CODE.replace('3f', '4f')}`)}`
    ],
    ['plain words', 'sellerdesk://check?code=hello'],
    ['overlong input', `sellerdesk://check?code=${'a1'.repeat(400)}`],
    ['not a URL', 'sellerdesk:']
  ])('refuses %s with a reason', (_name, link) => {
    const parsed = parseDeepLink(link)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.reason.length).toBeGreaterThan(5)
  })
})

describe('deepLinkInArgv', () => {
  it('finds the link among switches Chromium adds, and nothing in a plain launch', () => {
    expect(
      deepLinkInArgv([
        '/opt/Seller Desk/seller-desk',
        '--allow-file-access',
        `sellerdesk://check?code=${CODE}`
      ])
    ).toBe(`sellerdesk://check?code=${CODE}`)
    expect(deepLinkInArgv(['/opt/Seller Desk/seller-desk', '--no-sandbox'])).toBeNull()
  })
})
