import type { Validation } from '../../../shared/ipc/contract'
import { validationOf } from '../../../shared/verdict'
import { itemMediaUrls } from '../catalogue/media-urls'
import type { MediaRegistry } from '../catalogue/ports'
import type { MarketplaceClientLike } from '../connections/marketplace-port'
import type { Recording } from '../history/history-store'
import type { FreshVerdicts } from '../quick/fresh-verdicts'
import type { Learn } from './learn'

/** Where checks are recorded: the lookup history (history/history-store.ts). */
export interface LookupRecorder {
  record(connectionId: string, validation: Validation): Recording
}

export interface PurchaseCheckOptions {
  history: LookupRecorder
  learn: Learn
  media: MediaRegistry
  fresh: FreshVerdicts
  now?: () => Date
  log?: { warn(message: string): void }
}

interface CheckOptions {
  /** A bulk job's check: queued behind the seller's clicks, and not a hand-over candidate. */
  kind?: 'single' | 'bulk'
  signal?: AbortSignal
}

export interface PurchaseCheck {
  /**
   * Checks one normalised code on a connection: the one check behind Validate, the lookup
   * window and bulk jobs. The answer comes back as soon as it is known, annotated by the
   * history (previous verdict, "was valid"); its item's media are allowed at once. What
   * the seller does not wait for (the history append, the item learnt into the catalogue
   * cache) goes on in the background, in order, until `settled`.
   */
  check(
    connectionId: string,
    client: MarketplaceClientLike,
    code: string,
    options?: CheckOptions
  ): Promise<Validation>
  /** Resolves once what the checks made so far taught is written (reads after it see it). */
  settled(): Promise<void>
}

export function createPurchaseCheck(options: PurchaseCheckOptions): PurchaseCheck {
  const { history, learn, media, fresh } = options
  const now = options.now ?? (() => new Date())
  const log = options.log ?? console
  // One queue per connection: what a later check teaches is written after an earlier one's.
  const learning = new Map<string, Promise<void>>()
  const teach = (connectionId: string, validation: Validation): void => {
    // A learn that fails must not stop the ones queued after it (nor reject unhandled).
    const tail = (learning.get(connectionId) ?? Promise.resolve())
      .then(() => learn(connectionId, validation))
      .catch(() => log.warn('[lookup] Could not learn from the lookup.'))
    learning.set(connectionId, tail)
    void tail.then(() => {
      if (learning.get(connectionId) === tail) learning.delete(connectionId)
    })
  }

  return {
    async check(connectionId, client, code, opts = {}) {
      const bulk = opts.kind === 'bulk'
      const answer = await client.validatePurchase(code, {
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(bulk ? { priority: 'bulk' } : {})
      })
      const validation = validationOf(answer, code, now().toISOString())
      if (validation.valid) media.allow(connectionId, itemMediaUrls(validation.purchase.item))
      teach(connectionId, validation)
      const recording = history.record(connectionId, validation)
      // The history's own queue keeps the append in order and close() waits for it.
      recording.written.catch(() => log.warn('[lookup] Could not record the lookup.'))
      const annotated = await recording.annotated.catch(() => validation)
      // Remembered for a hand-over to the main window; a bulk list would crowd them out.
      if (!bulk) fresh.remember(connectionId, annotated)
      return annotated
    },
    // What was queued before this call only: a running bulk job must not hold a list read.
    settled: async () => {
      await Promise.all([...learning.values()])
    }
  }
}
