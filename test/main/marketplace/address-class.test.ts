import { describe, expect, it } from 'vitest'
import { addressClass, hostIsLocal } from '../../../electron/main/marketplace/address-class'

// Pure data: these addresses are classified, never connected to.

describe('addressClass', () => {
  it('knows loopback, private, link-local and the other non-public nets, IPv4 and IPv6', () => {
    const cases: Array<[string, string]> = [
      ['127.0.0.1', 'loopback'],
      ['127.0.0.2', 'loopback'],
      ['::1', 'loopback'],
      ['[::1]', 'loopback'],
      ['0:0:0:0:0:0:0:1', 'loopback'],
      ['10.0.0.8', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.254', 'private'],
      ['192.168.1.20', 'private'],
      ['100.64.0.1', 'private'],
      ['fd12:3456::1', 'private'],
      ['fc00::1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:192.168.0.1', 'private'],
      ['::ffff:c0a8:1', 'private'],
      ['64:ff9b::a9fe:a9fe', 'link-local'],
      ['224.0.0.1', 'reserved'],
      ['255.255.255.255', 'reserved'],
      ['ff02::1', 'reserved'],
      ['not an address', 'reserved'],
      ['1.2.3', 'reserved'],
      ['93.184.216.34', 'public'],
      ['172.32.0.1', 'public'],
      ['8.8.8.8', 'public'],
      ['2606:4700::6810:84e5', 'public'],
      ['::ffff:8.8.8.8', 'public']
    ]
    for (const [ip, expected] of cases) expect(addressClass(ip), ip).toBe(expected)
  })
})

describe('hostIsLocal (is the marketplace itself on this computer or its network?)', () => {
  it('goes by what was typed: localhost names and non-public IP literals', () => {
    for (const h of [
      'localhost',
      'shop.localhost',
      '127.0.0.1',
      '[::1]',
      '192.168.1.5',
      '10.1.2.3'
    ])
      expect(hostIsLocal(h), h).toBe(true)
    for (const h of ['market.example', '93.184.216.34', 'localhost.example.com'])
      expect(hostIsLocal(h), h).toBe(false)
  })

  it('follows the classification it is given', () => {
    const publicLoopback = (ip: string) => (ip === '127.0.0.1' ? 'public' : addressClass(ip))
    expect(hostIsLocal('127.0.0.1', publicLoopback)).toBe(false)
    expect(hostIsLocal('127.0.0.2', publicLoopback)).toBe(true)
  })
})
