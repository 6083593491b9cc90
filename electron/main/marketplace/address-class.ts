import { isIP } from 'node:net'

/**
 * What kind of network an IP address is on. Everything but `public` reaches this
 * computer, its LAN or the cloud host's metadata service: a marketplace on the internet
 * must not be able to make main fetch from there.
 */
export type AddressClass =
  'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'reserved'

export type ClassifyAddress = (ip: string) => AddressClass

function v4Parts(ip: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip)
  if (!m) return null
  const parts = m.slice(1).map(Number)
  return parts.every((p) => p <= 255) ? parts : null
}

function classifyV4([a, b]: number[]): AddressClass {
  const x = a!
  const y = b!
  if (x === 0) return 'unspecified'
  if (x === 127) return 'loopback'
  if (x === 10 || (x === 172 && y >= 16 && y <= 31) || (x === 192 && y === 168)) return 'private'
  // Carrier-grade NAT (100.64.0.0/10) is a provider's private network.
  if (x === 100 && y >= 64 && y <= 127) return 'private'
  // Cloud metadata services (169.254.169.254) live here.
  if (x === 169 && y === 254) return 'link-local'
  // Multicast, the old class E, broadcast, benchmarking nets: nothing a media file is on.
  if (x >= 224 || (x === 198 && (y === 18 || y === 19))) return 'reserved'
  return 'public'
}

/** The eight 16-bit groups of an IPv6 address, or null. A dotted IPv4 tail counts as two. */
function v6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase()
  const zone = text.indexOf('%')
  if (zone !== -1) text = text.slice(0, zone)
  // A dotted IPv4 tail (::ffff:127.0.0.1) is the last two groups written another way.
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)
  if (tail) {
    const v4 = v4Parts(tail[1]!)
    if (!v4) return null
    const hex = (hi: number, lo: number): string => ((hi << 8) | lo).toString(16)
    text = text.slice(0, -tail[1]!.length) + `${hex(v4[0]!, v4[1]!)}:${hex(v4[2]!, v4[3]!)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const parse = (s: string): number[] | null => {
    if (s === '') return []
    const out: number[] = []
    for (const g of s.split(':')) {
      if (!/^[0-9a-f]{1,4}$/.test(g)) return null
      out.push(parseInt(g, 16))
    }
    return out
  }
  const head = parse(halves[0]!)
  const rest = halves.length === 2 ? parse(halves[1]!) : []
  if (!head || !rest) return null
  const known = head.length + rest.length
  if (halves.length === 1 && known !== 8) return null
  if (known > 8) return null
  return [...head, ...Array<number>(8 - known).fill(0), ...rest]
}

function classifyV6(g: number[]): AddressClass {
  if (g.every((x) => x === 0)) return 'unspecified'
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'loopback'
  const embedded = (): AddressClass =>
    classifyV4([g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff])
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) reach the IPv4 address.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) return embedded()
  // NAT64 (64:ff9b::/96) reaches the IPv4 address it embeds.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return embedded()
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private'
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local'
  if ((g[0]! & 0xff00) === 0xff00) return 'reserved'
  return 'public'
}

/** The class of an IP address as written (IPv4 or IPv6, brackets allowed); `reserved` when it is none. */
export function addressClass(ip: string): AddressClass {
  const bare = ip.replace(/^\[|\]$/g, '')
  const v4 = v4Parts(bare)
  if (v4) return classifyV4(v4)
  const v6 = bare.includes(':') ? v6Groups(bare) : null
  return v6 ? classifyV6(v6) : 'reserved'
}

/**
 * Whether a marketplace at this host name is "on this computer or its network", going by
 * what was typed: `localhost` names and loopback, private or link-local IP literals. A
 * name is judged public whatever it resolves to now: DNS answers can change between the
 * check and a fetch (rebinding), the typed address cannot.
 */
export function hostIsLocal(hostname: string, classify: ClassifyAddress = addressClass): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
  if (h === 'localhost' || h.endsWith('.localhost')) return true
  return isIP(h) !== 0 && classify(h) !== 'public'
}
