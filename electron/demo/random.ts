/** A small seeded PRNG (mulberry32): the same seed gives the same marketplace everywhere. */
export interface Random {
  next(): number
  int(minInclusive: number, maxInclusive: number): number
  pick<T>(list: readonly T[]): T
  hex(length: number): string
  uuid(): string
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  const hex = (length: number): string => {
    let out = ''
    for (let i = 0; i < length; i++) out += int(0, 15).toString(16)
    return out
  }
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!,
    hex,
    uuid: () => {
      const h = hex(32)
      // Version 4 and the RFC 4122 variant, like Laravel's Str::uuid().
      const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
    }
  }
}
