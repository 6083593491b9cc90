import { hash } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'

/** The media folder's layout and its index format: what is on disk and how it is named. */
export const MEDIA_INDEX_FORMAT = 1
export const INDEX_FILE = 'index.json'
export const BLOB = /^[0-9a-f]{64}\.bin$/
/** Beside each file kept offline: its media type. The index is not the only record of it. */
export const KEPT = /^[0-9a-f]{64}\.kept$/
export const KeptMarkerSchema = z.object({ contentType: z.string().max(200) })

export const EntrySchema = z.object({
  contentType: z.string().max(200),
  size: z.number().int().nonnegative(),
  lastUsed: z.number(),
  /** Asked for by the seller ("Keep offline"): evicted only after everything else. */
  kept: z.boolean(),
  /**
   * The connections whose marketplace answers named this file: removing the last of them
   * deletes it. Absent in indexes written before it existed (such files age out by LRU).
   */
  owners: z.array(z.string().max(200)).max(100).optional()
})
export type MediaEntry = z.infer<typeof EntrySchema>
export const MediaKeySchema = z.string().regex(/^[0-9a-f]{64}$/)
export const IndexSchema = z.object({
  entries: z.record(MediaKeySchema, EntrySchema),
  /** The seller's own limit (Settings), when set; the app's default otherwise. */
  limitBytes: z.number().int().positive().optional()
})
export type MediaIndex = z.infer<typeof IndexSchema>

/**
 * A file's name: the SHA-256 of its address, in hex. Every file already on disk is named
 * so; changing it would orphan them all. The one-shot hash is three times faster than a
 * Hash object per address (a sync's prefetch pass hashes every address of the list).
 */
export function mediaKey(url: string): string {
  return hash('sha256', url, 'hex')
}

export function blobPath(dir: string, key: string): string {
  return join(dir, `${key}.bin`)
}

export function keptPath(dir: string, key: string): string {
  return join(dir, `${key}.kept`)
}
