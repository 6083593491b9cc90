import type { Item } from '../../../../shared/model'
import type { WorkerScript } from './script'
import { threadJob, type ThreadCall } from './thread'
import { timeSlices } from '../../util/time-slices'

/**
 * Items a batch: a seller's request waits for the whole read, so fewer, larger batches
 * (about 10 ms each for main to take in) beat the refresh's 200: with those, a launch's
 * first search waited 1.3-1.8 s at 10,000 items for fifty trips to the thread and back.
 */
const LIST_BATCH_ITEMS = 1_000

/** The saved list as the thread read it; or no file; or a file main must judge itself. */
export type ListRead = { value: unknown } | 'missing' | 'unsigned'

/**
 * The saved list's file (versioned-file.ts's `kind` in `format`) read, checked against its
 * sum and parsed on a worker thread, its items handed over a batch at a time: at 100,000
 * items the same read in main held its event loop 3.5 s in one turn. A seller's request
 * is what waits for it, so it takes its batches without holding back for requests.
 */
export function readListOffMain(
  path: string,
  file: { kind: string; format: number },
  script: WorkerScript,
  call: ThreadCall = {}
): Promise<ListRead> {
  let head: { data: { items: Item[] } } | null = null
  const items: Item[] = []
  return threadJob<ListRead>(
    script,
    { message: { type: 'read-list', path, ...file, batch: LIST_BATCH_ITEMS } },
    (message) => {
      if (message.type === 'missing' || message.type === 'unsigned') return { done: message.type }
      if (message.type === 'list-head') {
        head = message.value as { data: { items: Item[] } }
        if (message.count > 0) return 'more'
      } else if (message.type === 'batch') {
        for (const item of message.items) items.push(item)
        if (!message.last) return 'more'
      } else throw new Error(`unexpected ${message.type}`)
      if (!head) throw new Error('items before the list')
      const value = head as { data: { items: Item[] } }
      value.data.items = items
      return { done: { value } }
    },
    // A search or an item waits for this read: a turn between batches, never a hold.
    { slices: timeSlices(8), ...call }
  )
}
