import { z } from 'zod'
import { DEFAULT_SHORTCUT } from '../../../shared/accelerator'
import { ItemsInsetSchema, MainViewSchema, ThemeSchema } from '../../../shared/ipc/contract'
import { WatchIntervalSchema } from '../../../shared/ipc/balance-schemas'

/** Longest base URL settings hold, after normalising (checked before the key is sent). */
export const MAX_BASE_URL_LENGTH = 2048
export const MAX_LABEL_LENGTH = 100

/** One saved marketplace. The key is in the secret store, never here. */
const StoredConnectionSchema = z.object({
  id: z.string().min(1).max(100),
  label: z.string().min(1).max(MAX_LABEL_LENGTH),
  baseUrl: z.string().min(1).max(MAX_BASE_URL_LENGTH),
  isDemo: z.boolean()
})
export type StoredConnection = z.infer<typeof StoredConnectionSchema>

/** Quick lookup's desktop settings; absent until the seller changes one (defaults apply). */
const QuickLookupSettingsSchema = z.object({
  /** Electron accelerator; null: the seller turned the global shortcut off. */
  shortcut: z.string().min(1).max(60).nullable(),
  /** null: the platform's default (on for Windows and Linux, off for macOS). */
  keepInTray: z.boolean().nullable()
})
export type QuickLookupSettings = z.infer<typeof QuickLookupSettingsSchema>

export const defaultQuickLookup = (): QuickLookupSettings => ({
  shortcut: DEFAULT_SHORTCUT,
  keepInTray: null
})

/** The balance watch (docs/balance-watch.md); absent until the seller changes it. */
const BalanceWatchSettingsSchema = z.object({
  /** Minutes between reads; 0: off. */
  intervalMinutes: WatchIntervalSchema,
  /** Connection id -> notifications on; a connection not listed is notified. */
  notify: z.record(z.string().max(100), z.boolean())
})
export type BalanceWatchSettings = z.infer<typeof BalanceWatchSettingsSchema>

export const defaultBalanceWatch = (): BalanceWatchSettings => ({ intervalMinutes: 5, notify: {} })

/** Settings → Updates (the desktop app's); absent until the seller changes one (policy defaults apply). */
const UpdateSettingsSchema = z.object({
  autoDownload: z.boolean(),
  beta: z.boolean()
})

export const SettingsSchema = z
  .object({
    version: z.literal(1),
    connections: z.array(StoredConnectionSchema),
    activeId: z.string().nullable(),
    theme: ThemeSchema,
    /** The view the seller had open last; absent until one was opened. */
    lastView: MainViewSchema.optional(),
    /** Where the Items grid sat in the window last time; absent until it was shown. */
    itemsInset: ItemsInsetSchema.optional(),
    quickLookup: QuickLookupSettingsSchema.optional(),
    balanceWatch: BalanceWatchSettingsSchema.optional(),
    updates: UpdateSettingsSchema.optional()
  })
  .refine((s) => new Set(s.connections.map((c) => c.id)).size === s.connections.length, {
    message: 'duplicate connection id'
  })
export type Settings = z.infer<typeof SettingsSchema>

export const defaultSettings = (): Settings => ({
  version: 1,
  connections: [],
  activeId: null,
  theme: 'system'
})

/**
 * What can be read from a settings file the schema refused: every connection that is
 * valid on its own (the first of a duplicated id), the theme and the active connection
 * when they are sound. `dropped` counts the connections left out.
 */
export function salvageSettings(raw: unknown): { settings: Settings; dropped: number } {
  const fallback = defaultSettings()
  if (typeof raw !== 'object' || raw === null) return { settings: fallback, dropped: 0 }
  const o = raw as Record<string, unknown>
  const listed = Array.isArray(o['connections']) ? (o['connections'] as unknown[]) : []
  const connections: StoredConnection[] = []
  for (const candidate of listed) {
    const c = StoredConnectionSchema.safeParse(candidate)
    if (c.success && !connections.some((k) => k.id === c.data.id)) connections.push(c.data)
  }
  const theme = ThemeSchema.safeParse(o['theme'])
  const lastView = MainViewSchema.safeParse(o['lastView'])
  const itemsInset = ItemsInsetSchema.safeParse(o['itemsInset'])
  const balanceWatch = BalanceWatchSettingsSchema.safeParse(o['balanceWatch'])
  const updates = UpdateSettingsSchema.safeParse(o['updates'])
  const active = connections.find((c) => c.id === o['activeId'])
  return {
    settings: {
      version: 1,
      connections,
      activeId: active?.id ?? connections[0]?.id ?? null,
      theme: theme.success ? theme.data : fallback.theme,
      ...(lastView.success ? { lastView: lastView.data } : {}),
      ...(itemsInset.success ? { itemsInset: itemsInset.data } : {}),
      ...(balanceWatch.success ? { balanceWatch: balanceWatch.data } : {}),
      ...(updates.success ? { updates: updates.data } : {})
    },
    dropped: listed.length - connections.length
  }
}
