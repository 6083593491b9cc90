import { z } from 'zod'
import { AccountSchema, ItemSchema, PurchaseSchema } from '../model'
import { ErrorKindSchema } from '../errors'
import { ItemSortSchema, ItemSummarySchema, KindFilterSchema } from '../item-query'
import { channels, type ChannelMethod } from './channels'

/**
 * Every channel between renderer and main, declared once. Main validates each request
 * with `request` (the renderer is untrusted input); both transports (Electron IPC and the
 * browser host) carry exactly these. Add a channel here and the bridge, the handlers'
 * types and the renderer's API all follow.
 */

export const ThemeSchema = z.enum(['system', 'light', 'dark'])
export type Theme = z.infer<typeof ThemeSchema>

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  transport: z.enum(['electron', 'browser']),
  platform: z.string()
})
export type AppInfo = z.infer<typeof AppInfoSchema>

export const ConnectionViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.string(),
  isDemo: z.boolean(),
  /** Where the key is: never the key itself. */
  keyStorage: z.enum(['keychain', 'session', 'none'])
})
export type ConnectionView = z.infer<typeof ConnectionViewSchema>

export const ConnectionsStateSchema = z.object({
  connections: z.array(ConnectionViewSchema),
  activeId: z.string().nullable(),
  keychain: z.enum(['available', 'unavailable']),
  /** Set when settings.json was damaged and connections were left out: one sentence to show. */
  settingsNotice: z.string().nullable().optional()
})
export type ConnectionsState = z.infer<typeof ConnectionsStateSchema>

const baseUrlField = z.string().trim().min(1, 'Enter the marketplace URL').max(2048)
const apiKeyField = z.string().trim().min(1, 'Enter the API key').max(512)
const labelField = z.string().trim().min(1).max(100)
const idField = z.string().min(1).max(100)

/** How fresh cached data is; `source: 'cache'` with `offline: true` means the network failed. */
export const FreshnessSchema = z.object({
  fetchedAt: z.string(),
  source: z.enum(['network', 'cache']),
  offline: z.boolean(),
  /** The reason the refresh failed, when data came from the cache after a failure. */
  refreshError: z.string().nullable(),
  /** What kind of failure that was (a locked keychain reads differently from a network fault). */
  refreshErrorKind: ErrorKindSchema.nullable().optional()
})
export type Freshness = z.infer<typeof FreshnessSchema>

const cached = <T extends z.ZodType>(schema: T) =>
  z.object({ data: schema, freshness: FreshnessSchema })

export const ItemsPayloadSchema = z.object({
  items: z.array(ItemSchema),
  /** Items the server sent that could not be read, by field: shown, never hidden silently. */
  skipped: z.array(z.object({ index: z.number(), field: z.string(), message: z.string() })),
  /** Set when the list endpoint could not be used (real-installs §15, 18). */
  listProblem: z.enum(['empty-or-single', 'server-data-fault']).nullable()
})
export type ItemsPayload = z.infer<typeof ItemsPayloadSchema>

/** One window of the filtered, sorted catalogue, and what the toolbar and notices need. */
export const ItemsWindowSchema = ItemsPayloadSchema.omit({ items: true }).extend({
  rows: z.array(ItemSummarySchema),
  offset: z.number().int().nonnegative(),
  /** Items matching the query and filters. */
  matched: z.number().int().nonnegative(),
  /** Items in the whole list. */
  total: z.number().int().nonnegative(),
  categories: z.array(z.string()),
  /** Whether the item asked about with `has` is in the list (undefined when not asked). */
  has: z.boolean().optional()
})
export type ItemsWindow = z.infer<typeof ItemsWindowSchema>

export const ItemsQuerySchema = z.object({
  refresh: z.boolean().optional(),
  query: z.string().max(500),
  category: z.string().max(500),
  kind: KindFilterSchema,
  sort: ItemSortSchema,
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive().max(1000),
  has: z.number().int().positive().optional()
})
export type ItemsQuery = z.infer<typeof ItemsQuerySchema>

/** From the lookup history: the code's previous check, and a flag when a valid code stopped being valid. */
const validationHistory = {
  previous: z.object({ valid: z.boolean(), checkedAt: z.string() }).optional(),
  /** Valid before, not valid now: refunded or cancelled since. */
  flag: z.literal('was-valid').optional()
}

export const ValidationSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    purchase: PurchaseSchema,
    code: z.string(),
    checkedAt: z.string(),
    ...validationHistory
  }),
  z.object({
    valid: z.literal(false),
    message: z.string(),
    code: z.string(),
    checkedAt: z.string(),
    ...validationHistory
  })
])
export type Validation = z.infer<typeof ValidationSchema>

/** One recorded validation (lookup history), newest first in lists. */
export const HistoryEntrySchema = z.object({
  code: z.string(),
  valid: z.boolean(),
  checkedAt: z.string(),
  /** The site's text for a code that is not valid. */
  message: z.string().nullable(),
  /** license_type as the site sent it. */
  license: z.string().nullable(),
  itemId: z.number().int().nullable(),
  itemName: z.string().nullable(),
  supportedUntil: z.string().nullable(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  downloaded: z.boolean().nullable(),
  flag: z.literal('was-valid').nullable()
})
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>

/** Settings' view of the offline cache (catalogue files and media together). */
export const CacheInfoSchema = z.object({
  bytes: z.number(),
  limitBytes: z.number(),
  files: z.number(),
  dataDir: z.string()
})
export type CacheInfo = z.infer<typeof CacheInfoSchema>

/** A media file's offline copy: `bytes` is its size when kept, null otherwise. */
export const MediaOfflineSchema = z.object({ kept: z.boolean(), bytes: z.number().nullable() })
export type MediaOffline = z.infer<typeof MediaOfflineSchema>

/** The demo marketplace's sample purchase codes, one per verdict: public, never a key. */
export const SampleCodesSchema = z.object({
  valid: z.string(),
  expired: z.string(),
  noSupport: z.string(),
  invalid: z.string()
})
export type SampleCodes = z.infer<typeof SampleCodesSchema>

export const BulkResultSchema = z.object({
  code: z.string(),
  /** False for codes that are not UUIDs: they are still checked, the UI only warns. */
  looksLikeUuid: z.boolean(),
  status: z.enum(['pending', 'valid', 'not-valid', 'error']),
  itemId: z.number().int().nullable(),
  itemName: z.string().nullable(),
  license: z.string().nullable(),
  supportedUntil: z.string().nullable(),
  /** The site's text (not valid) or what went wrong (error). */
  message: z.string().nullable(),
  errorKind: ErrorKindSchema.nullable(),
  flag: z.literal('was-valid').nullable()
})
export type BulkResult = z.infer<typeof BulkResultSchema>

export const BulkJobSchema = z.object({
  jobId: z.string(),
  state: z.enum(['running', 'paused', 'done', 'cancelled']),
  done: z.number().int(),
  total: z.number().int(),
  /** ISO time the job resumes after a rate-limit wait; null when not waiting. */
  waitingUntil: z.string().nullable(),
  results: z.array(BulkResultSchema)
})
export type BulkJob = z.infer<typeof BulkJobSchema>

/** Whether the global shortcut is in place; `message` says why not when it was asked for. */
export const ShortcutStatusSchema = z.object({
  state: z.enum(['on', 'off', 'refused']),
  message: z.string().nullable()
})
export type ShortcutStatus = z.infer<typeof ShortcutStatusSchema>

/** Quick lookup's desktop settings (global shortcut, tray); `available` is false in the browser host. */
export const QuickSettingsSchema = z.object({
  available: z.boolean(),
  /** Electron accelerator ("CommandOrControl+Alt+V"); null when turned off. */
  shortcut: z.string().nullable(),
  /** How this system writes it ("Ctrl+Alt+V", "Cmd+Option+V"). */
  shortcutLabel: z.string().nullable(),
  shortcutStatus: ShortcutStatusSchema,
  keepInTray: z.boolean(),
  /** False where the system shows no tray (or in the browser host). */
  trayAvailable: z.boolean()
})
export type QuickSettings = z.infer<typeof QuickSettingsSchema>

/** A code main asks a window to check (deep link, tray, lookup window); null when none waits. */
const PendingLookupSchema = z.object({ code: z.string().nullable() })
/**
 * For the main window: a code, and the verdict main already has for it when it was just
 * checked (the lookup window, a tray entry), so handing a code over sends no second request.
 */
const MainLookupSchema = PendingLookupSchema.extend({ checked: ValidationSchema.nullable() })

const jobRequest = z.object({ jobId: z.string().min(1).max(100) })
const csvFile = z.object({ filename: z.string(), csv: z.string() })

const none = z.undefined()

export const contract = {
  getAppInfo: { channel: channels.getAppInfo, request: none, response: AppInfoSchema },

  listConnections: {
    channel: channels.listConnections,
    request: none,
    response: ConnectionsStateSchema
  },
  /**
   * Checks a key with account details; does not save anything. A saved connection is
   * named by id: main reads its key from the secret store (the renderer never holds it).
   */
  testConnection: {
    channel: channels.testConnection,
    request: z.union([
      z.object({ baseUrl: baseUrlField, apiKey: apiKeyField }).strict(),
      z.object({ id: idField }).strict()
    ]),
    response: AccountSchema
  },
  /** Tests, then saves and makes it active. `sessionOnly` keeps the key in memory only. */
  addConnection: {
    channel: channels.addConnection,
    request: z.object({
      label: labelField.optional(),
      baseUrl: baseUrlField,
      apiKey: apiKeyField,
      sessionOnly: z.boolean().optional(),
      /** Save even when the marketplace lists no items for the key (0 or 1 item, real-installs §15). */
      allowNoItems: z.boolean().optional()
    }),
    response: ConnectionViewSchema
  },
  updateConnection: {
    channel: channels.updateConnection,
    request: z.object({
      id: idField,
      label: labelField.optional(),
      baseUrl: baseUrlField.optional(),
      apiKey: apiKeyField.optional(),
      sessionOnly: z.boolean().optional()
    }),
    response: ConnectionViewSchema
  },
  /** Removes the connection and deletes its key from the keychain. */
  removeConnection: {
    channel: channels.removeConnection,
    request: z.object({ id: idField }),
    response: ConnectionsStateSchema
  },
  setActiveConnection: {
    channel: channels.setActiveConnection,
    request: z.object({ id: idField }),
    response: ConnectionsStateSchema
  },
  /** Starts the built-in demo marketplace in-process and connects to it. */
  startDemo: { channel: channels.startDemo, request: none, response: ConnectionViewSchema },
  /** The demo's sample codes when the active connection is the demo; null otherwise. */
  getSampleCodes: {
    channel: channels.getSampleCodes,
    request: none,
    response: SampleCodesSchema.nullable()
  },

  getAccount: {
    channel: channels.getAccount,
    request: z.object({ refresh: z.boolean().optional() }).optional(),
    response: cached(AccountSchema)
  },
  listItems: {
    channel: channels.listItems,
    request: z.object({ refresh: z.boolean().optional() }).optional(),
    response: cached(ItemsPayloadSchema)
  },
  /** The window of the catalogue the grid shows: main searches, filters and sorts. */
  queryItems: {
    channel: channels.queryItems,
    request: ItemsQuerySchema,
    response: cached(ItemsWindowSchema)
  },
  getItem: {
    channel: channels.getItem,
    request: z.object({ id: z.number().int().positive(), refresh: z.boolean().optional() }),
    response: cached(ItemSchema)
  },
  validatePurchase: {
    channel: channels.validatePurchase,
    request: z.object({ code: z.string().max(200) }),
    response: ValidationSchema
  },

  getSettings: {
    channel: channels.getSettings,
    request: none,
    response: z.object({ theme: ThemeSchema })
  },
  setTheme: {
    channel: channels.setTheme,
    request: z.object({ theme: ThemeSchema }),
    response: z.object({ theme: ThemeSchema })
  },
  /** Opens an http(s) link in the system browser; anything else is refused. */
  openExternal: {
    channel: channels.openExternal,
    request: z.object({ url: z.string().max(4096) }),
    response: z.null()
  },

  /** Lookup history of the active connection, newest first; `query` matches code, item, verdict. */
  listHistory: {
    channel: channels.listHistory,
    request: z
      .object({
        query: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(10_000).optional()
      })
      .optional(),
    response: z.object({ entries: z.array(HistoryEntrySchema), total: z.number().int() })
  },
  /** The active connection's history as CSV; the renderer saves it. */
  exportHistoryCsv: { channel: channels.exportHistoryCsv, request: none, response: csvFile },
  /** Downloads a video/audio (or image) the catalogue sent so it plays offline. */
  keepMediaOffline: {
    channel: channels.keepMediaOffline,
    request: z.object({ url: z.string().min(1).max(4096) }),
    response: z.object({ bytes: z.number(), contentType: z.string() })
  },
  /** Whether a media file is kept offline (the Keep offline button's starting state). */
  getMediaOffline: {
    channel: channels.getMediaOffline,
    request: z.object({ url: z.string().min(1).max(4096) }),
    response: MediaOfflineSchema
  },
  /** Deletes a copy kept offline; the file streams again while online. */
  releaseMediaOffline: {
    channel: channels.releaseMediaOffline,
    request: z.object({ url: z.string().min(1).max(4096) }),
    response: MediaOfflineSchema
  },
  getCacheInfo: { channel: channels.getCacheInfo, request: none, response: CacheInfoSchema },
  /** The media cache's size limit (least recently used files go first past it); kept across restarts. */
  setCacheLimit: {
    channel: channels.setCacheLimit,
    request: z.object({
      limitBytes: z
        .number()
        .int()
        .min(50 * 1024 * 1024)
        .max(1024 * 1024 * 1024 * 1024)
    }),
    response: CacheInfoSchema
  },
  /** Empties cached catalogues and media (history and learnt item ids stay). */
  clearCache: { channel: channels.clearCache, request: none, response: CacheInfoSchema },
  /** Pulls the codes out of pasted text and starts checking them; poll with getBulk. */
  startBulk: {
    channel: channels.startBulk,
    request: z.object({ text: z.string().max(500_000) }),
    response: BulkJobSchema
  },
  getBulk: { channel: channels.getBulk, request: jobRequest, response: BulkJobSchema },
  pauseBulk: { channel: channels.pauseBulk, request: jobRequest, response: BulkJobSchema },
  resumeBulk: { channel: channels.resumeBulk, request: jobRequest, response: BulkJobSchema },
  cancelBulk: { channel: channels.cancelBulk, request: jobRequest, response: BulkJobSchema },
  exportBulkCsv: { channel: channels.exportBulkCsv, request: jobRequest, response: csvFile },

  getQuickSettings: {
    channel: channels.getQuickSettings,
    request: none,
    response: QuickSettingsSchema
  },
  /** `shortcut: null` turns the global shortcut off; a combination is checked, then registered. */
  setQuickSettings: {
    channel: channels.setQuickSettings,
    request: z
      .object({
        shortcut: z.string().max(60).nullable().optional(),
        keepInTray: z.boolean().optional()
      })
      .strict(),
    response: QuickSettingsSchema
  },
  /**
   * The main window asks on load, focus and visibility change: a code a deep link, the tray
   * or the lookup window left for it to show in Validate. Taking it empties the slot.
   */
  takePendingLookup: {
    channel: channels.takePendingLookup,
    request: none,
    response: MainLookupSchema
  },
  /** The lookup window asks the same way: the code the global shortcut found on the clipboard. */
  takeQuickLookup: {
    channel: channels.takeQuickLookup,
    request: none,
    response: PendingLookupSchema
  },
  /** From the lookup window: show this code's full record in the main window. */
  openInMainWindow: {
    channel: channels.openInMainWindow,
    request: z.object({ code: z.string().trim().min(1).max(200) }).strict(),
    response: z.null()
  },
  /** From the lookup window: hide it (Escape). */
  closeQuickLookup: { channel: channels.closeQuickLookup, request: none, response: z.null() }
} as const

export type Contract = typeof contract
export type Method = keyof Contract
export type RequestOf<M extends Method> = z.input<Contract[M]['request']>
export type ParsedRequestOf<M extends Method> = z.output<Contract[M]['request']>
export type ResponseOf<M extends Method> = z.output<Contract[M]['response']>
export const methods = Object.keys(contract) as Method[]

// Both lists name the same methods: a channel added to one and not the other fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
export const contractMatchesChannels: Same<Method, ChannelMethod> = true
export const channelOf = (m: Method): string => contract[m].channel
