import { z } from 'zod'
import type { Item } from '../../../../shared/model'
import { wireAccount, wirePurchase } from './account'
import { wireItem } from './item'
import { runSteps, type Steps } from '../../util/steps'

/**
 * Wire schemas for the four operations' response bodies. The payload key is all that
 * counts (real-installs §11: `status` and `msg` may be translated or missing); any other key is
 * ignored. Each one yields normalised data, and its issues' paths start at the body.
 */

export interface SkippedItem {
  index: number
  field: string
  message: string
}

/** `items[3].price.regular`, from zod's path. An empty path is the body itself. */
export function fieldOf(path: readonly PropertyKey[]): string {
  let out = ''
  for (const p of path)
    out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`
  return out || '(root)'
}

const body = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: 'expected a JSON object' })

/** Operation 1: `{status, data: Account}`. */
export const accountEnvelope = body({ data: wireAccount }).transform((b) => b.data)

/** Operation 3: `{status, item: Item}`. */
export const itemEnvelope = body({ item: wireItem }).transform((b) => b.item)

/**
 * The items of a list one by one: a broken one is left out and reported in `skipped`, with
 * the first one's issues (paths from the item). With `consume`, each entry of `list` is
 * cleared once read, so the raw answer is let go while the catalogue is built from it.
 */
export function itemsOf(
  list: unknown[],
  consume = false
): { items: Item[]; skipped: SkippedItem[]; firstIssues: z.core.$ZodIssue[] } {
  return itemsFrom(list.length, (index) => {
    const raw = list[index]
    if (consume) list[index] = undefined
    return raw
  })
}

type ItemsRead = { items: Item[]; skipped: SkippedItem[]; firstIssues: z.core.$ZodIssue[] }

/** The same for items read one at a time by index (see items-scan.ts). */
function itemsFrom(count: number, itemAt: (index: number) => unknown): ItemsRead {
  return runSteps(itemsSteps(count, itemAt))
}

/** Items parsed between two steps (about a millisecond of work). */
const ITEMS_PER_STEP = 32

/**
 * itemsFrom as steps (util/steps.ts), so a refresh can read 100,000 items in time slices.
 * With `first`, only items `first` to `end` (excluded) are read, named by their place in
 * the whole list: a parse in batches (items-worker/parse-batch.ts) says what one read would have said.
 */
export function* itemsSteps(
  end: number,
  itemAt: (index: number) => unknown,
  first = 0
): Steps<ItemsRead> {
  const items: Item[] = []
  const skipped: SkippedItem[] = []
  let firstIssues: z.core.$ZodIssue[] = []
  for (let index = first; index < end; index++) {
    if (index % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield
    const r = wireItem.safeParse(itemAt(index))
    if (r.success) {
      items.push(r.data)
      continue
    }
    if (skipped.length === 0) firstIssues = r.error.issues
    const issue = r.error.issues[0]
    const field = fieldOf(['items', index, ...(issue?.path ?? [])])
    skipped.push({ index, field, message: `${field}: ${issue?.message ?? 'invalid value'}` })
  }
  return { items, skipped, firstIssues }
}

/**
 * Operation 2: `{status, items: Item[]}`. One broken item must not hide a catalogue, so
 * items are parsed one by one: a broken one is left out and reported in `skipped`. Only
 * when none survives is the answer itself wrong, and then the first bad field is named.
 */
export const itemsEnvelope = body({
  items: z
    .array(z.unknown(), { error: 'expected a list of items' })
    .transform((list, ctx): { items: Item[]; skipped: SkippedItem[] } => {
      const { items, skipped, firstIssues } = itemsOf(list)
      if (items.length === 0 && skipped.length > 0) {
        const index = skipped[0]!.index
        for (const issue of firstIssues) ctx.addIssue({ ...issue, path: [index, ...issue.path] })
        return z.NEVER
      }
      return { items, skipped }
    })
}).transform((b) => b.items)

const specPurchase = body({ data: z.object({ purchase: wirePurchase }) }).transform(
  (b) => b.data.purchase
)
const realPurchase = body({ item: wirePurchase }).transform((b) => b.item)

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Operation 4: the spec's `data.purchase`, or a real install's `item` (real-installs §17). The
 * spec's key wins when both are there; when neither is, the spec's key is the one named.
 */
export const purchaseEnvelope = z.unknown().transform((b, ctx) => {
  const spec = isRecord(b) && isRecord(b.data) && 'purchase' in b.data
  const real = !spec && isRecord(b) && isRecord(b.item)
  if (isRecord(b) && !spec && !real) {
    ctx.addIssue({
      code: 'custom',
      path: ['data', 'purchase'],
      message: 'expected a purchase object'
    })
    return z.NEVER
  }
  const r = (real ? realPurchase : specPurchase).safeParse(b)
  if (r.success) return r.data
  for (const issue of r.error.issues) ctx.addIssue({ ...issue })
  return z.NEVER
})

export type Operation = 'account' | 'items' | 'item' | 'purchase'

const present = z.record(z.string(), z.unknown())

/**
 * Whether the body carries the operation's payload key at all, before its contents are
 * checked: with HTTP 200 this is what makes an answer a success (real-installs §11).
 */
export const payloadPresence: Record<Operation, z.ZodType> = {
  account: z.object({ data: present }),
  items: z.object({ items: z.array(z.unknown()) }),
  item: z.object({ item: present }),
  purchase: z.union([
    z.object({ data: present.refine((d) => 'purchase' in d) }),
    z.object({ item: present })
  ])
}

/** real-installs §11: the server's own error text, in either key, possibly translated. */
export const errorEnvelope = z.object({
  msg: z.unknown().optional(),
  message: z.unknown().optional()
})
