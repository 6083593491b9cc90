import type { z } from 'zod'
import type { Account, Item, Purchase } from './model'
import { wireAccount, wireItem, wirePurchase } from './wire'

/**
 * One function per resource: a decoded JSON body in, normalised data out, or the exact
 * field that was wrong. Payload keys follow the spec, plus real installs' variants.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; field: string; message: string }

export interface SkippedItem {
  index: number
  field: string
  message: string
}

function pathOf(base: string, path: readonly PropertyKey[]): string {
  let out = base
  for (const p of path)
    out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`
  return out
}

function firstIssue(error: z.ZodError, base: string): { field: string; message: string } {
  const issue = error.issues[0]
  if (!issue) return { field: base || '(root)', message: 'invalid value' }
  const field = pathOf(base, issue.path) || '(root)'
  return { field, message: `${field}: ${issue.message}` }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function missing(field: string, what: string): { ok: false; field: string; message: string } {
  return { ok: false, field, message: `${field}: expected ${what}` }
}

export function parseAccount(data: unknown, base = 'data'): Parsed<Account> {
  if (!isRecord(data)) return missing(base, 'an account object')
  const r = wireAccount.safeParse(data)
  return r.success ? { ok: true, value: r.data } : { ok: false, ...firstIssue(r.error, base) }
}

export function parseItem(data: unknown, base = 'item'): Parsed<Item> {
  if (!isRecord(data)) return missing(base, 'an item object')
  const r = wireItem.safeParse(data)
  return r.success ? { ok: true, value: r.data } : { ok: false, ...firstIssue(r.error, base) }
}

export function parsePurchase(data: unknown, base = 'data.purchase'): Parsed<Purchase> {
  if (!isRecord(data)) return missing(base, 'a purchase object')
  const r = wirePurchase.safeParse(data)
  return r.success ? { ok: true, value: r.data } : { ok: false, ...firstIssue(r.error, base) }
}

/** Operation 1: `{status, data: Account}`. */
export function parseAccountResponse(body: unknown): Parsed<Account> {
  if (!isRecord(body)) return missing('(root)', 'a JSON object')
  return parseAccount(body.data, 'data')
}

/**
 * Operation 2: `{status, items: Item[]}`. One broken item does not hide the catalogue:
 * it is left out and reported in `skipped`.
 */
export function parseItemsResponse(
  body: unknown
):
  | { ok: true; value: Item[]; skipped: SkippedItem[] }
  | { ok: false; field: string; message: string } {
  if (!isRecord(body)) return missing('(root)', 'a JSON object')
  if (!Array.isArray(body.items)) return missing('items', 'a list of items')
  const value: Item[] = []
  const skipped: SkippedItem[] = []
  body.items.forEach((raw, index) => {
    const r = parseItem(raw, `items[${index}]`)
    if (r.ok) value.push(r.value)
    else skipped.push({ index, field: r.field, message: r.message })
  })
  if (value.length === 0 && skipped.length > 0) {
    const first = skipped[0]!
    return { ok: false, field: first.field, message: first.message }
  }
  return { ok: true, value, skipped }
}

/** Operation 3: `{status, item: Item}`. */
export function parseItemResponse(body: unknown): Parsed<Item> {
  if (!isRecord(body)) return missing('(root)', 'a JSON object')
  return parseItem(body.item, 'item')
}

/** Operation 4: the spec's `data.purchase`, or a real install's `item` (point 17). */
export function parsePurchaseResponse(body: unknown): Parsed<Purchase> {
  if (!isRecord(body)) return missing('(root)', 'a JSON object')
  if (isRecord(body.data) && 'purchase' in body.data)
    return parsePurchase(body.data.purchase, 'data.purchase')
  if (isRecord(body.item)) return parsePurchase(body.item, 'item')
  return missing('data.purchase', 'a purchase object')
}

/** Which top-level key carries each operation's payload; success needs HTTP 200 and this key. */
export function hasPayload(
  operation: 'account' | 'items' | 'item' | 'purchase',
  body: unknown
): boolean {
  if (!isRecord(body)) return false
  switch (operation) {
    case 'account':
      return isRecord(body.data)
    case 'items':
      return Array.isArray(body.items)
    case 'item':
      return isRecord(body.item)
    case 'purchase':
      return (isRecord(body.data) && 'purchase' in body.data) || isRecord(body.item)
  }
}

/** The server's own error text, shown as sent (point 11: it may be translated). */
export function messageOf(body: unknown): string | null {
  if (!isRecord(body)) return null
  for (const key of ['msg', 'message'] as const) {
    const v = body[key]
    if (typeof v === 'string' && v.trim() !== '') return v.trim()
  }
  return null
}
