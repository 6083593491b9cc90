import type { JsonPieces } from '../cache/list-entry-json'
import { sameJson } from '../cache/list-entry-json'
import { EntrySchema, IndexSchema, MediaKeySchema, type MediaIndex } from './disk-index'

const restSchema = IndexSchema.omit({ entries: true })

/**
 * The media index's JSON one entry at a time, each checked on its own: with 27,000 files
 * the whole-index schema parse (a copy of every entry) and its one string were rewritten
 * every half second of a prefetch, and were the host's memory peak. Same JSON as
 * `JSON.stringify(IndexSchema.parse(index))`, and refused where that parse throws.
 */
export function mediaIndexPieces(index: MediaIndex): JsonPieces {
  const { entries, ...rest } = index
  function* pairs(): Generator<[string, unknown]> {
    if (typeof entries !== 'object' || entries === null || Array.isArray(entries))
      throw new Error('The media index has no entries.')
    for (const key of Object.keys(entries)) yield [key, entries[key]]
  }
  return piecesOf(pairs(), rest)
}

/**
 * The same JSON straight from the store's Map, entry by entry: copying 100,000 entries into
 * one object first held the host for 30-200 ms each time the index was saved.
 */
export function mediaIndexPiecesOf(
  entries: ReadonlyMap<string, unknown>,
  rest: Omit<MediaIndex, 'entries'>
): JsonPieces {
  return piecesOf(entries.entries(), rest)
}

function piecesOf(entries: Iterable<[string, unknown]>, rest: unknown): JsonPieces {
  let faithful = true
  function* pieces(): Generator<string> {
    const head = restSchema.parse(rest)
    faithful = sameJson(head, rest)
    yield '{"entries":{'
    let first = true
    for (const [key, value] of entries) {
      const entry = EntrySchema.parse(value)
      if (faithful && !sameJson(entry, value)) faithful = false
      yield `${first ? '' : ','}${JSON.stringify(MediaKeySchema.parse(key))}:${JSON.stringify(entry)}`
      first = false
    }
    yield head.limitBytes === undefined
      ? '}}'
      : `},"limitBytes":${JSON.stringify(head.limitBytes)}}`
  }
  return { pieces: pieces(), faithful: () => faithful }
}
