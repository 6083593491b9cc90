import { z } from 'zod'

/** The balance watch's channels (contract.ts): settings, the chart's series, notices. */

/** Minutes between two reads of a connection's balance; 0 turns the watch off. */
export const WatchIntervalSchema = z.union([
  z.literal(0),
  z.literal(5),
  z.literal(15),
  z.literal(30),
  z.literal(60)
])
export type WatchInterval = z.infer<typeof WatchIntervalSchema>

/**
 * Where one connection's watch stands. `skipped-*`: not read this time and read again at the
 * next turn; `key-refused`: stopped until the key is replaced.
 */
const WatchStateSchema = z.enum([
  'off',
  'waiting',
  'watching',
  'offline',
  'keychain-locked',
  'bulk-running',
  'no-key',
  'demo-stopped',
  'key-refused',
  'failed'
])
export type WatchState = z.infer<typeof WatchStateSchema>

const ConnectionWatchSchema = z.object({
  connectionId: z.string(),
  label: z.string(),
  notify: z.boolean(),
  state: WatchStateSchema,
  /** One sentence for the seller when the state is not 'watching' or 'waiting'. */
  message: z.string().nullable(),
  lastReadAt: z.string().nullable()
})
export type ConnectionWatch = z.infer<typeof ConnectionWatchSchema>

export const BalanceWatchSchema = z.object({
  intervalMinutes: WatchIntervalSchema,
  /** The pause actually used between reads (shorter in tests: SELLER_DESK_BALANCE_WATCH_MS). */
  intervalMs: z.number().int().min(0),
  connections: z.array(ConnectionWatchSchema)
})
export type BalanceWatch = z.infer<typeof BalanceWatchSchema>

export const setBalanceWatchRequest = z.union([
  z.object({ intervalMinutes: WatchIntervalSchema }).strict(),
  z.object({ connectionId: z.string().min(1).max(100), notify: z.boolean() }).strict()
])

export const BalanceRangeSchema = z.enum(['7d', '30d', '90d', 'all'])
export type BalanceRange = z.infer<typeof BalanceRangeSchema>

/** A balance in integer cents (or the currency's hundredths) at a time (ISO). */
const BalancePointSchema = z.object({ at: z.string(), cents: z.number().int() })

const BalanceChangeSchema = z.object({
  at: z.string(),
  deltaCents: z.number().int(),
  cents: z.number().int(),
  currency: z.string().nullable()
})
export type BalanceChange = z.infer<typeof BalanceChangeSchema>

export const BalanceSeriesSchema = z.object({
  currency: z.string().nullable(),
  /** The balance over the range, oldest first, thinned to at most a few thousand points. */
  points: z.array(BalancePointSchema),
  /** Increases summed per local day (or per month over long ranges), oldest first. */
  increases: z.array(z.object({ start: z.string(), cents: z.number().int() })),
  bucket: z.enum(['day', 'month']),
  /** Readings in another currency exist and are left out of the chart. */
  otherCurrency: z.boolean(),
  lastChange: BalanceChangeSchema.nullable(),
  /** Increases since local midnight. */
  todayCents: z.number().int(),
  watch: ConnectionWatchSchema.nullable()
})
export type BalanceSeries = z.infer<typeof BalanceSeriesSchema>

/** A notification main wants shown; the browser host's page shows it with Web Notifications. */
const BalanceNoticeSchema = z.object({
  seq: z.number().int(),
  connectionId: z.string(),
  title: z.string(),
  body: z.string()
})
export type BalanceNotice = z.infer<typeof BalanceNoticeSchema>

export const BalanceNoticesSchema = z.object({
  notices: z.array(BalanceNoticeSchema),
  /** Pass back as `after` next time. */
  last: z.number().int(),
  /** A desktop notification was clicked since the last ask: show Account. */
  openAccount: z.boolean()
})
export type BalanceNotices = z.infer<typeof BalanceNoticesSchema>
