import type { CacheInfo } from '../../../shared/ipc/contract'
import type { FileCatalogueCache } from '../cache/catalogue-cache'
import type { Handlers } from '../ipc/dispatch'
import type { MediaCache } from './media-cache'

export type MediaHandlers = Pick<
  Handlers,
  | 'keepMediaOffline'
  | 'getMediaOffline'
  | 'releaseMediaOffline'
  | 'getCacheInfo'
  | 'clearCache'
  | 'setCacheLimit'
>

export function mediaHandlers(
  media: MediaCache,
  catalogue: FileCatalogueCache,
  dataDir: string,
  /** Resolves once the checks already made have been learnt (their items written). */
  learnt: () => Promise<void> = async () => {}
): MediaHandlers {
  const info = async (): Promise<CacheInfo> => {
    // A check's item is written just after its verdict: counted before it lands, the size
    // shown would change under the seller's eyes (and keep-offline's figure would not add up).
    await learnt()
    const [m, c] = await Promise.all([media.stats(), catalogue.totals()])
    return { bytes: m.bytes + c.bytes, files: m.files + c.files, limitBytes: m.limitBytes, dataDir }
  }
  return {
    keepMediaOffline: (request) => media.keepOffline(request.url),
    getMediaOffline: (request) => media.offlineState(request.url),
    releaseMediaOffline: (request) => media.releaseOffline(request.url),
    getCacheInfo: info,
    setCacheLimit: async (request) => {
      await media.setLimit(request.limitBytes)
      return info()
    },
    clearCache: async () => {
      await Promise.all([media.clear(), catalogue.clear()])
      return info()
    }
  }
}
