import { describe, expect, it } from 'vitest'
import { isLoopbackHost, normaliseBaseUrl } from '../../../electron/main/marketplace/base-url'
import { MarketplaceError } from '../../../electron/main/marketplace/errors'

function kindOf(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (e) {
    expect(e).toBeInstanceOf(MarketplaceError)
    return (e as MarketplaceError).kind
  }
  return undefined
}

describe('normaliseBaseUrl', () => {
  it.each([
    ['https://market.example.com', 'https://market.example.com'],
    ['  https://market.example.com/  ', 'https://market.example.com'],
    ['https://market.example.com///', 'https://market.example.com'],
    ['HTTPS://Market.Example.COM/', 'https://market.example.com'],
    ['market.example.com', 'https://market.example.com'],
    ['market.example.com/shop/', 'https://market.example.com/shop'],
    ['https://market.example.com/index.php', 'https://market.example.com'],
    ['https://market.example.com/index.php/', 'https://market.example.com'],
    [
      'https://market.example.com/index.php/api/items/all?api_key=abc',
      'https://market.example.com'
    ],
    ['https://host.example/shop', 'https://host.example/shop'],
    ['https://host.example/shop/index.php/api/account/details', 'https://host.example/shop'],
    ['https://host.example/shop/api/purchases/validation', 'https://host.example/shop'],
    ['https://host.example/shop/api', 'https://host.example/shop'],
    ['https://host.example:8443/#top', 'https://host.example:8443'],
    ['https://host.example/?api_key=secret', 'https://host.example'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['http://127.8.9.10', 'http://127.8.9.10'],
    ['http://localhost:3000/shop/', 'http://localhost:3000/shop'],
    ['http://[::1]:4000', 'http://[::1]:4000']
  ])('%s -> %s', (input, expected) => {
    expect(normaliseBaseUrl(input)).toBe(expected)
  })

  it('keeps index.php-like folder names that are not index.php', () => {
    expect(normaliseBaseUrl('https://host.example/index.phpx')).toBe(
      'https://host.example/index.phpx'
    )
  })

  it('refuses plain http for any host that is not this computer', () => {
    expect(kindOf(() => normaliseBaseUrl('http://market.example.com'))).toBe('insecure-url')
    expect(kindOf(() => normaliseBaseUrl('http://192.168.1.10'))).toBe('insecure-url')
    expect(kindOf(() => normaliseBaseUrl('http://128.0.0.1'))).toBe('insecure-url')
    expect(kindOf(() => normaliseBaseUrl('http://localhost.evil.example'))).toBe('insecure-url')
  })

  it('refuses empty, malformed, non-web and credential-carrying input', () => {
    expect(kindOf(() => normaliseBaseUrl('   '))).toBe('invalid-input')
    expect(kindOf(() => normaliseBaseUrl('https://'))).toBe('invalid-input')
    expect(kindOf(() => normaliseBaseUrl('ftp://market.example.com'))).toBe('invalid-input')
    expect(kindOf(() => normaliseBaseUrl('https://user:pass@market.example.com'))).toBe(
      'invalid-input'
    )
    expect(kindOf(() => normaliseBaseUrl('https://exa mple.com'))).toBe('invalid-input')
  })
})

describe('isLoopbackHost', () => {
  it('knows 127.0.0.0/8, ::1 and localhost only', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true)
    expect(isLoopbackHost('127.255.255.254')).toBe(true)
    expect(isLoopbackHost('[::1]')).toBe(true)
    expect(isLoopbackHost('LOCALHOST')).toBe(true)
    expect(isLoopbackHost('127.0.0.256')).toBe(false)
    expect(isLoopbackHost('10.0.0.1')).toBe(false)
    expect(isLoopbackHost('example.com')).toBe(false)
  })
})
