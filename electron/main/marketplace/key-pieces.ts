/**
 * Every piece of a set of strings, recognised in one left-to-right pass: a generalised
 * suffix automaton over the key's spellings. Fed one character at a time (scrub.ts reads the tables in its
 * own loop: a call a character was most of the cost), it knows the longest run just read that occurs in any spelling, in constant time a character and
 * with no recursion and no backtracking, so a 50 MB answer costs one linear pass (a
 * regular expression over a long run of the key's characters ran out of stack).
 */
export interface KeyPieces {
  /** The longest spelling: how far back a match can reach. */
  readonly longest: number
  /** Column of a (case-folded) character code, or -1 when no spelling holds it. */
  readonly column: Int32Array
  /** Columns a state: `next[state * width + column]`, -1 where there is no way on. */
  readonly width: number
  readonly next: Int32Array
  /** The state for the longest proper suffix still matched, and each state's longest match. */
  readonly link: Int32Array
  readonly len: Int32Array
}

const NONE = -1

export function keyPieces(forms: readonly string[]): KeyPieces {
  // The alphabet: only characters that occur in a spelling get a column.
  // A table rather than a Map: it is read once for every character of every answer.
  const column = new Int32Array(0x10000).fill(NONE)
  let width = 0
  for (const form of forms)
    for (let i = 0; i < form.length; i++) {
      const c = form.charCodeAt(i)
      if (column[c] === NONE) column[c] = width++
    }
  width = Math.max(1, width)
  const capacity = 2 * forms.reduce((n, f) => n + f.length, 0) + 2
  const next = new Int32Array(capacity * width).fill(NONE)
  const link = new Int32Array(capacity).fill(NONE)
  const len = new Int32Array(capacity)
  let size = 1

  const clone = (from: number, length: number): number => {
    const s = size++
    len[s] = length
    link[s] = link[from]!
    next.copyWithin(s * width, from * width, from * width + width)
    return s
  }

  // Generalised construction: each spelling is added from the root; a transition that
  // already exists is reused (split when its length does not fit), as in the standard
  // online algorithm for several strings.
  for (const form of forms) {
    let last = 0
    for (let i = 0; i < form.length; i++) {
      const col = column[form.charCodeAt(i)]!
      const existing = next[last * width + col]!
      if (existing !== NONE) {
        if (len[existing] === len[last]! + 1) {
          last = existing
          continue
        }
        const split = clone(existing, len[last]! + 1)
        link[existing] = split
        for (let p = last; p !== NONE && next[p * width + col] === existing; p = link[p]!)
          next[p * width + col] = split
        last = split
        continue
      }
      const cur = size++
      len[cur] = len[last]! + 1
      let p = last
      while (p !== NONE && next[p * width + col] === NONE) {
        next[p * width + col] = cur
        p = link[p]!
      }
      if (p === NONE) link[cur] = 0
      else {
        const q = next[p * width + col]!
        if (len[p]! + 1 === len[q]) link[cur] = q
        else {
          const split = clone(q, len[p]! + 1)
          for (; p !== NONE && next[p * width + col] === q; p = link[p]!)
            next[p * width + col] = split
          link[q] = split
          link[cur] = split
        }
      }
      last = cur
    }
  }

  return {
    longest: forms.reduce((n, f) => Math.max(n, f.length), 0),
    column,
    width,
    next,
    link,
    len
  }
}
