import { readFileSync } from 'node:fs'
import type { Item } from '../../../../shared/model'
import { signedBody } from '../../cache/signed-body'
import type { FromWorker } from './protocol'

/**
 * The saved list's file read on the list thread: read, its sum checked and parsed as main's
 * fast path does (versioned-file.ts), then handed over as its head and its items in batches.
 * Anything main's fast path would not take is `unsigned`, and main reads the file itself.
 */
export function readListJob(job: {
  path: string
  kind: string
  format: number
  batch: number
}): () => FromWorker {
  let items: Item[] | null = null
  let at = 0
  const size = Math.max(1, job.batch)
  return () => {
    if (items) {
      const end = Math.min(items.length, at + size)
      const batch = items.slice(at, end)
      at = end
      return { type: 'batch', items: batch, skipped: [], end, last: end >= items.length }
    }
    let bytes: Buffer
    try {
      bytes = readFileSync(job.path)
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ENOENT'
        ? { type: 'missing' }
        : { type: 'unsigned' }
    }
    const body = signedBody(bytes, job.kind, job.format)
    if (!body) return { type: 'unsigned' }
    let value: { data?: { items?: unknown } } | null
    try {
      value = JSON.parse(body.toString('utf8')) as typeof value
    } catch {
      return { type: 'unsigned' }
    }
    const listed = value?.data?.items
    if (!value?.data || !Array.isArray(listed)) return { type: 'unsigned' }
    // Checked by its schema when it was written, and unchanged since: its sum says so.
    items = listed as Item[]
    value.data.items = []
    return { type: 'list-head', value, count: items.length }
  }
}
