import { z } from 'zod'
import { ItemSchema, PurchaseSchema } from '../model'
import { ErrorKindSchema } from '../errors'
import { ItemSortSchema, ItemSummarySchema, KindFilterSchema } from '../item-query'

/** The shapes the channels of contract.ts carry, requests and answers; contract.ts re-exports them. */

export const ThemeSchema = z.enum(['system', 'light', 'dark'])
export type Theme = z.infer<typeof ThemeSchema>

/** The views of the sidebar; the app opens on the one the seller left it on. */
export const MainViewSchema = z.enum(['account', 'items', 'validate', 'history', 'settings'])
export type MainView = z.infer<typeof MainViewSchema>

/**
 * How much of the window, across and down, the frame around the Items grid took when it was
 * last measured (sidebar, header, toolbar). A window reopened at the same size then gives the
 * grid's size before anything is laid out (views/items/useGridBox.ts).
 */
export const ItemsInsetSchema = z.object({
  x: z.number().int().min(0).max(10_000),
  y: z.number().int().min(0).max(10_000)
})
export type ItemsInset = z.infer<typeof ItemsInsetSchema>

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

export const baseUrlField = z.string().trim().min(1, 'Enter the marketplace URL').max(2048)
export const apiKeyField = z.string().trim().min(1, 'Enter the API key').max(512)
export const labelField = z.string().trim().min(1).max(100)
export const idField = z.string().min(1).max(100)

/** How fresh cached data is; `source: 'cache'` with `offline: true` means the network failed. */
const FreshnessSchema = z.object({
  fetchedAt: z.string(),
  source: z.enum(['network', 'cache']),
  offline: z.boolean(),
  /** The reason the refresh failed, when data came from the cache after a failure. */
  refreshError: z.string().nullable(),
  /** What kind of failure that was (a locked keychain reads differently from a network fault). */
  refreshErrorKind: ErrorKindSchema.nullable().optional()
})
export type Freshness = z.infer<typeof FreshnessSchema>

export const cached = <T extends z.ZodType>(schema: T) =>
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

/**
 * How far a catalogue refresh has got: waiting for the answer, its bytes received (of the
 * size the marketplace declared, when it did), its items read, the new list indexed, then
 * saved. `elapsedMs` since it started, so the page shows it only for a refresh that is long.
 */
const RefreshPhaseSchema = z.enum(['waiting', 'downloading', 'reading', 'indexing', 'saving'])
export type RefreshPhase = z.infer<typeof RefreshPhaseSchema>
export const RefreshProgressSchema = z.object({
  phase: RefreshPhaseSchema,
  done: z.number().nonnegative(),
  total: z.number().nonnegative().nullable(),
  elapsedMs: z.number().nonnegative(),
  /** False once the new list is being saved: it is answered whole or not at all. */
  cancellable: z.boolean()
})
export type RefreshProgress = z.infer<typeof RefreshProgressSchema>

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

/** The demo marketplace's sample purchase codes, one per verdict: public, never a key. */
export const SampleCodesSchema = z.object({
  valid: z.string(),
  expired: z.string(),
  noSupport: z.string(),
  invalid: z.string()
})
export type SampleCodes = z.infer<typeof SampleCodesSchema>

const BulkResultSchema = z.object({
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
  flag: z.literal('was-valid').nullable(),
  /** When the marketplace answered for this code (or the check failed); null while pending. */
  checkedAt: z.string().nullable().optional()
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
const ShortcutStatusSchema = z.object({
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
export const PendingLookupSchema = z.object({ code: z.string().nullable() })
/**
 * For the main window: a code, and the verdict main already has for it when it was just
 * checked (the lookup window, a tray entry), so handing a code over sends no second request.
 */
export const MainLookupSchema = PendingLookupSchema.extend({ checked: ValidationSchema.nullable() })

export const jobRequest = z.object({ jobId: z.string().min(1).max(100) })
export const csvFile = z.object({ filename: z.string(), csv: z.string() })

/** Where an update of the desktop app stands (updates/policy.ts's UpdateState). */
const UpdateStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('idle') }),
  z.object({ kind: z.literal('checking') }),
  z.object({ kind: z.literal('available'), version: z.string(), notesUrl: z.string() }),
  z.object({
    kind: z.literal('downloading'),
    version: z.string(),
    notesUrl: z.string(),
    percent: z.number()
  }),
  z.object({ kind: z.literal('ready'), version: z.string(), notesUrl: z.string() }),
  z.object({ kind: z.literal('failed'), message: z.string(), reason: z.string() })
])

/**
 * The window's update banner: `available` is false where nothing updates (the browser host,
 * an unpackaged build), and the banner never shows there. `bulkRunning`: restart waits.
 */
export const UpdateStatusSchema = z.object({
  available: z.boolean(),
  state: UpdateStateSchema,
  bulkRunning: z.boolean()
})
export type UpdateStatus = z.infer<typeof UpdateStatusSchema>

/** Settings → Updates; `available` false in the browser host (updates come with the desktop app). */
export const UpdateSettingsViewSchema = z.object({
  available: z.boolean(),
  autoDownload: z.boolean(),
  beta: z.boolean()
})
export type UpdateSettingsView = z.infer<typeof UpdateSettingsViewSchema>

/** The line a window shows once after main reloaded it from a crash; null when none. */
export const CrashNoticeSchema = z.object({ line: z.string().nullable() })
