import { z } from 'zod'
import { ItemSchema, type Item } from '../../../shared/model'
import { ItemsPayloadSchema, type ItemsPayload } from '../../../shared/ipc/contract'
import type { CachedEntry } from '../catalogue/ports'

/** A document's JSON in pieces, each checked by its schema as it is produced. */
export interface JsonPieces {
  pieces: Iterable<string>
  /**
   * Once every piece was taken: whether the schema's output was the value as given, so the
   * value itself may stand for the file (a schema that strips or rewrites makes it false).
   */
  faithful(): boolean
}

export const itemsEntrySchema = z.object({
  fetchedAt: z.string().min(1),
  data: ItemsPayloadSchema
})
/** How the list's JSON opens, before its date; and what follows the date, before the items. */
export const LIST_OPENS = '{"fetchedAt":'
export const ITEMS_OPEN = ',"data":{"items":['

const restSchema = itemsEntrySchema.extend({ data: ItemsPayloadSchema.omit({ items: true }) })

/**
 * The cached item list's JSON, one item at a time: each item is checked and written on
 * its own, so a 10,000-item list is never copied whole by the schema nor held as one giant
 * string (both were most of the host's memory peak on a refresh). The JSON of
 * `itemsEntrySchema.parse(entry)`, with a line break before each item and before the end
 * of the list: a read then takes it a line at a time (read-list-lines.ts), never whole.
 *
 * `checked` is a list whose every item is already the schema's own output (the saved list
 * as read or written, see VersionedFile.inMemory). An item that is one of its objects
 * (item-reuse.ts keeps unchanged ones so) is written without a second check: at 100,000
 * unchanged items the schema's copies and their comparison were most of the 490 MB a
 * refresh's write allocated, beside the new list, during a search's read.
 */
export function listEntryPieces(
  entry: CachedEntry<ItemsPayload>,
  checked?: CachedEntry<ItemsPayload> | null
): JsonPieces {
  let faithful = true
  function* pieces(): Generator<string> {
    const { items, ...rest } = entry.data
    const head = restSchema.parse({ fetchedAt: entry.fetchedAt, data: rest })
    faithful = sameJson(head, { fetchedAt: entry.fetchedAt, data: rest })
    if (!Array.isArray(items)) throw new Error('The item list is not a list.')
    yield `${LIST_OPENS}${JSON.stringify(head.fetchedAt)}${ITEMS_OPEN}`
    const known = checkedItems(checked?.data.items)
    for (let n = 0; n < items.length; n++) {
      const given = items[n]
      let item: Item
      if (known(given, n)) item = given as Item
      else {
        item = ItemSchema.parse(given)
        if (faithful && !sameJson(item, given)) faithful = false
      }
      // JSON.stringify escapes every line break inside a string: a raw one only ever
      // separates items.
      yield n === 0 ? `\n${JSON.stringify(item)}` : `,\n${JSON.stringify(item)}`
    }
    yield `\n],"skipped":${JSON.stringify(head.data.skipped)},"listProblem":${JSON.stringify(head.data.listProblem)}}}`
  }
  return { pieces: pieces(), faithful: () => faithful }
}

/**
 * Whether a value is one of the list's own items: at its position first (a refresh keeps
 * the order), else through a set of them made once, at the first item found elsewhere.
 */
function checkedItems(list: unknown): (value: unknown, position: number) => boolean {
  if (!Array.isArray(list)) return () => false
  const items: readonly unknown[] = list
  let all: Set<unknown> | null = null
  return (value, position) => {
    if (typeof value !== 'object' || value === null) return false
    if (items[position] === value) return true
    all ??= new Set(items)
    return all.has(value)
  }
}

/** Whether two JSON-like values serialise the same, key order aside. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, n) => sameJson(v, b[n]))
  const ra = a as Record<string, unknown>
  const rb = b as Record<string, unknown>
  const keysA = Object.keys(ra).filter((k) => ra[k] !== undefined)
  const keysB = Object.keys(rb).filter((k) => rb[k] !== undefined)
  return keysA.length === keysB.length && keysA.every((k) => sameJson(ra[k], rb[k]))
}
