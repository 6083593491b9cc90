import { z } from 'zod'
import { DEFAULT_SHORTCUT } from '../../../shared/accelerator'
import { ThemeSchema } from '../../../shared/ipc/contract'

/** One saved marketplace. The key is in the secret store, never here. */
export const StoredConnectionSchema = z.object({
  id: z.string().min(1).max(100),
  label: z.string().min(1).max(100),
  baseUrl: z.string().min(1).max(2048),
  isDemo: z.boolean()
})
export type StoredConnection = z.infer<typeof StoredConnectionSchema>

/** Quick lookup's desktop settings; absent until the seller changes one (defaults apply). */
export const QuickLookupSettingsSchema = z.object({
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

export const SettingsSchema = z
  .object({
    version: z.literal(1),
    connections: z.array(StoredConnectionSchema),
    activeId: z.string().nullable(),
    theme: ThemeSchema,
    quickLookup: QuickLookupSettingsSchema.optional()
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
