import type { z } from 'zod'
import {
  accountEnvelope,
  errorEnvelope,
  fieldOf,
  itemEnvelope,
  itemsEnvelope,
  itemsOf,
  itemsSteps,
  payloadPresence,
  purchaseEnvelope,
  type Operation,
  type SkippedItem
} from './envelopes'
import type { Account, Item, Purchase } from '../../../../shared/model'
import { MAX_LISTED_ITEMS, type ScannedItems } from './items-scan'
import { runSteps, runStepsSliced } from '../../util/steps'
import type { TimeSlices } from '../../util/time-slices'

export type { SkippedItem } from './envelopes'

/**
 * One function per operation: a decoded JSON body in, normalised data out, or the exact
 * field that was wrong. The schemas live in `envelopes.ts` (bodies) and `fields.ts`,
 * `item.ts`, `account.ts` (resources); this is where their verdicts become something a caller can show.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; field: string; message: string }

function failure(error: z.ZodError): { ok: false; field: string; message: string } {
  const issue = error.issues[0]
  const field = fieldOf(issue?.path ?? [])
  return { ok: false, field, message: `${field}: ${issue?.message ?? 'invalid value'}` }
}

function parseWith<T>(schema: z.ZodType<T>, body: unknown): Parsed<T> {
  const r = schema.safeParse(body)
  return r.success ? { ok: true, value: r.data } : failure(r.error)
}

/** Operation 1: `{status, data: Account}`. */
export const parseAccountResponse = (body: unknown): Parsed<Account> =>
  parseWith(accountEnvelope, body)

/**
 * Operation 2: `{status, items: Item[]}`; broken items are left out and listed in `skipped`.
 * With `consume` the body's own list is emptied as it is read (the caller's freshly decoded
 * answer, which nothing else reads): the raw catalogue and the normalised one are then not
 * both whole in memory. The verdict is the same either way.
 */
export function parseItemsResponse(
  body: unknown,
  options: { consume?: boolean } = {}
):
  | { ok: true; value: Item[]; skipped: SkippedItem[] }
  | { ok: false; field: string; message: string } {
  const list = isRecord(body) ? body.items : undefined
  // An answer the scan did not take (items-scan.ts) is bounded the same way.
  if (Array.isArray(list) && list.length > MAX_LISTED_ITEMS)
    return { ok: false, field: 'items', message: `items: more than ${MAX_LISTED_ITEMS} items` }
  if (options.consume === true && Array.isArray(list))
    return listVerdict(itemsOf(list as unknown[], true))
  const r = itemsEnvelope.safeParse(body)
  return r.success ? { ok: true, value: r.data.items, skipped: r.data.skipped } : failure(r.error)
}

/**
 * Operation 2 read item by item from the answer's bytes (items-scan.ts): the same verdict
 * as parseItemsResponse on the answer decoded whole, or null when an item is not JSON
 * (the whole answer is then not JSON either, and its own reading says so).
 */
export async function parseScannedItems(
  scanned: Pick<ScannedItems, 'count' | 'item'>,
  slices?: TimeSlices
): Promise<ListVerdict | null> {
  const notJson = new Error('an item is not JSON')
  const steps = itemsSteps(scanned.count, (index) => {
    try {
      return scanned.item(index)
    } catch {
      throw notJson
    }
  })
  try {
    return listVerdict(slices ? await runStepsSliced(steps, slices) : runSteps(steps))
  } catch (e) {
    if (e === notJson) return null
    throw e
  }
}

export type ListVerdict =
  | { ok: true; value: Item[]; skipped: SkippedItem[] }
  | { ok: false; field: string; message: string }

/** The list's verdict once every item is read: what parseItemsResponse says of the same items. */
export function listVerdict({
  items,
  skipped
}: {
  items: Item[]
  skipped: SkippedItem[]
}): ListVerdict {
  const first = skipped[0]
  // The envelope's own verdict when nothing survives: the first broken item's first issue.
  if (items.length === 0 && first) return { ok: false, field: first.field, message: first.message }
  return { ok: true, value: items, skipped }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Operation 3: `{status, item: Item}`. */
export const parseItemResponse = (body: unknown): Parsed<Item> => parseWith(itemEnvelope, body)

/** Operation 4: the spec's `data.purchase`, or a real install's `item` (real-installs §17). */
export const parsePurchaseResponse = (body: unknown): Parsed<Purchase> =>
  parseWith(purchaseEnvelope, body)

/** Which top-level key carries each operation's payload; success needs HTTP 200 and this key. */
export const hasPayload = (operation: Operation, body: unknown): boolean =>
  payloadPresence[operation].safeParse(body).success

/** The server's own error text, shown as sent (real-installs §11: it may be translated). */
export function messageOf(body: unknown): string | null {
  const r = errorEnvelope.safeParse(body)
  if (!r.success) return null
  for (const v of [r.data.msg, r.data.message])
    if (typeof v === 'string' && v.trim() !== '') return v.trim()
  return null
}
