import type { Validation } from '../../../shared/ipc/contract'
import type { CatalogueCache } from '../catalogue/ports'

export interface LearnOptions {
  cache: Pick<CatalogueCache, 'rememberItemIds' | 'writeItem'>
  log?: { warn(message: string): void }
}

/**
 * What a valid purchase teaches the catalogue cache, however it was checked (one code,
 * a bulk list): its item id joins the known ids (the only way to list items where the
 * list endpoint cannot be used, docs/real-installs.md §15) and the item is cached. Never
 * fails: each write is worth doing even when the other could not be.
 */
export function createLearner(options: LearnOptions) {
  const { cache } = options
  const log = options.log ?? console
  const quietly = async (what: string, work: () => Promise<void>): Promise<void> => {
    try {
      await work()
    } catch {
      log.warn(`[lookup] Could not ${what}.`)
    }
  }
  return async (connectionId: string, validation: Validation): Promise<void> => {
    if (!validation.valid) return
    const item = validation.purchase.item
    await quietly('remember the item', () => cache.rememberItemIds(connectionId, [item.id]))
    await quietly('update the cache', () =>
      cache.writeItem(connectionId, { data: item, fetchedAt: validation.checkedAt })
    )
  }
}

export type Learn = ReturnType<typeof createLearner>
