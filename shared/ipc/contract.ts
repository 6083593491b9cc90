import { z } from 'zod'
import { AccountSchema, ItemSchema } from '../model'
import { channels, type ChannelMethod } from './channels'
import {
  ThemeSchema,
  MainViewSchema,
  ItemsInsetSchema,
  AppInfoSchema,
  ConnectionViewSchema,
  ConnectionsStateSchema,
  baseUrlField,
  apiKeyField,
  labelField,
  idField,
  cached,
  ItemsPayloadSchema,
  ItemsWindowSchema,
  ItemsQuerySchema,
  RefreshProgressSchema,
  ValidationSchema,
  HistoryEntrySchema,
  CacheInfoSchema,
  MediaOfflineSchema,
  SampleCodesSchema,
  BulkJobSchema,
  QuickSettingsSchema,
  PendingLookupSchema,
  MainLookupSchema,
  jobRequest,
  csvFile,
  UpdateStatusSchema,
  UpdateSettingsViewSchema,
  CrashNoticeSchema
} from './schemas'
import {
  BalanceNoticesSchema,
  BalanceRangeSchema,
  BalanceSeriesSchema,
  BalanceWatchSchema,
  setBalanceWatchRequest
} from './balance-schemas'

export * from './schemas'
export * from './balance-schemas'

/**
 * Every channel between renderer and main, declared once. Main validates each request
 * with `request` (the renderer is untrusted input); both transports (Electron IPC and the
 * browser host) carry exactly these. Add a channel here and the bridge, the handlers'
 * types and the renderer's API all follow.
 */

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
  /**
   * What the page asks as it starts, beside connections and settings: the grid's first
   * window (FIRST_WINDOW) when the app opens on Items with a connection, else null. Main
   * knows both, so the first card does not wait for the page to learn them first.
   */
  openingWindow: {
    channel: channels.openingWindow,
    request: none,
    response: cached(ItemsWindowSchema).nullable()
  },
  getItem: {
    channel: channels.getItem,
    request: z.object({ id: z.number().int().positive(), refresh: z.boolean().optional() }),
    response: cached(ItemSchema)
  },
  /**
   * The active connection's catalogue refresh under way, or null: the page asks every few
   * hundred ms while it waits on one (main cannot push to the page). Not a foreground
   * request, so asking never holds the refresh back (ipc/dispatch.ts).
   */
  getRefreshProgress: {
    channel: channels.getRefreshProgress,
    request: none,
    response: RefreshProgressSchema.nullable()
  },
  /**
   * Cancels the active connection's catalogue refresh: it answers with the saved list (or,
   * with none saved, fails as `aborted`) and writes nothing. `cancelled: false` when none
   * could be (none running, or it is saving the new list already).
   */
  cancelRefresh: {
    channel: channels.cancelRefresh,
    request: none,
    response: z.object({ cancelled: z.boolean() })
  },
  validatePurchase: {
    channel: channels.validatePurchase,
    request: z.object({ code: z.string().max(200) }),
    response: ValidationSchema
  },

  getSettings: {
    channel: channels.getSettings,
    request: none,
    /**
     * lastView: absent until the seller has opened a view (the app then opens on Account).
     * itemsInset: absent until the Items grid has been shown once.
     */
    response: z.object({
      theme: ThemeSchema,
      lastView: MainViewSchema.optional(),
      itemsInset: ItemsInsetSchema.optional()
    })
  },
  setTheme: {
    channel: channels.setTheme,
    request: z.object({ theme: ThemeSchema }),
    response: z.object({ theme: ThemeSchema })
  },
  setLastView: {
    channel: channels.setLastView,
    request: z.object({ view: MainViewSchema }),
    response: z.object({ view: MainViewSchema })
  },
  setItemsInset: {
    channel: channels.setItemsInset,
    request: ItemsInsetSchema,
    response: ItemsInsetSchema
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
  /** Sends an ended job's unchecked codes again; the answered ones keep their verdicts. */
  retryBulk: { channel: channels.retryBulk, request: jobRequest, response: BulkJobSchema },
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
  closeQuickLookup: { channel: channels.closeQuickLookup, request: none, response: z.null() },

  /** The balance watch: its interval, and each connection's notifications and state. */
  getBalanceWatch: {
    channel: channels.getBalanceWatch,
    request: none,
    response: BalanceWatchSchema
  },
  /** Sets the interval (minutes, 0: off) or one connection's notifications. */
  setBalanceWatch: {
    channel: channels.setBalanceWatch,
    request: setBalanceWatchRequest,
    response: BalanceWatchSchema
  },
  /** The active connection's balance over a range, for Account's chart. */
  getBalanceSeries: {
    channel: channels.getBalanceSeries,
    request: z.object({ range: BalanceRangeSchema }).strict(),
    response: BalanceSeriesSchema
  },
  /** The active connection's balance log as CSV; the renderer saves it. */
  exportBalanceCsv: { channel: channels.exportBalanceCsv, request: none, response: csvFile },
  /**
   * Notifications main made since `after` (-1: none yet, only where the list stands). The
   * browser host's page shows them with Web Notifications; the desktop app shows its own.
   */
  takeBalanceNotices: {
    channel: channels.takeBalanceNotices,
    request: z.object({ after: z.number().int().min(-1) }).strict(),
    response: BalanceNoticesSchema
  },
  /** The window's update banner asks on load and focus (main cannot push to the page). */
  getUpdateState: { channel: channels.getUpdateState, request: none, response: UpdateStatusSchema },
  /** The banner's Download button when automatic download is off. */
  downloadUpdate: { channel: channels.downloadUpdate, request: none, response: UpdateStatusSchema },
  /** "Restart": refused with a sentence while a bulk check runs or where nothing updates. */
  restartToUpdate: { channel: channels.restartToUpdate, request: none, response: z.null() },
  getUpdateSettings: {
    channel: channels.getUpdateSettings,
    request: none,
    response: UpdateSettingsViewSchema
  },
  setUpdateSettings: {
    channel: channels.setUpdateSettings,
    request: z
      .object({ autoDownload: z.boolean().optional(), beta: z.boolean().optional() })
      .strict(),
    response: UpdateSettingsViewSchema
  },
  /** After a crash reload: the one line to show, given once (taking it clears it). */
  takeCrashNotice: { channel: channels.takeCrashNotice, request: none, response: CrashNoticeSchema }
} as const

type Contract = typeof contract
export type Method = keyof Contract
export type RequestOf<M extends Method> = z.input<Contract[M]['request']>
export type ParsedRequestOf<M extends Method> = z.output<Contract[M]['request']>
export type ResponseOf<M extends Method> = z.output<Contract[M]['response']>
export const methods = Object.keys(contract) as Method[]

// Both lists name the same methods: a channel added to one and not the other fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
true satisfies Same<Method, ChannelMethod>
