import { getPacer } from '../marketplace/pacer-registry'
import type { FetchLike } from '../marketplace/http'
import type { Pacer } from '../marketplace/pacer'
import { fetchMedia } from './fetch-media'
import type { ClassifyAddress } from '../marketplace/address-class'
import { guardedFetch } from '../marketplace/guarded-fetch'
import type { MediaFetcher } from './types'

export interface PacedMediaOptions {
  /** The base URLs of the connected marketplaces (as normaliseBaseUrl gives them). */
  sites(): Promise<readonly string[]>
  /** Default: the origin's shared pacer, the one its API client uses (getPacer). */
  pacerFor?: (origin: string) => Pacer
  /**
   * Whether a marketplace of these connections (the ones that named the file) is on a
   * loopback, private or link-local address itself: only then may its media be fetched
   * from such addresses. Default: never.
   */
  localOwners?: (owners: readonly string[]) => Promise<boolean>
  /** How addresses are classed (tests let a loopback address stand for a public site). */
  classify?: ClassifyAddress
  /** Replaces the address-guarded transport (tests of pacing only). */
  fetch?: FetchLike
}

/**
 * The origin whose rate limit a media request would count against, or null.
 *
 * A real install throttles its API routes only (Laravel's `throttle:60,1` on the api
 * group, `<site>/api/...`); thumbnails, previews and screenshots are static files the web
 * server sends without reaching that middleware, and the demo's real mode does the same
 * (/media/ is answered before the throttle). So only media under a connected site's
 * /api/ path is paced: pacing static files would spend the budget the seller's clicks
 * need and slow a grid of thumbnails to one a second, for no protection. Media on other
 * hosts (CDNs, storage buckets) are never paced.
 */
export function countedOrigin(url: URL, sites: readonly string[]): string | null {
  for (const site of sites) {
    let base: URL
    try {
      base = new URL(site)
    } catch {
      continue
    }
    const apiPath = `${base.pathname.replace(/\/+$/, '')}/api/`
    if (url.origin === base.origin && url.pathname.startsWith(apiPath)) return base.origin
  }
  return null
}

/** The same pacer, with every request queued behind what the seller clicks. */
function background(pacer: Pacer): Pacer {
  return { ...pacer, acquire: (o = {}) => pacer.acquire({ ...o, priority: 'bulk' }) }
}

/**
 * The app's one way to fetch media, and the media cache's fetcher. Its rules, all here:
 * - no key, no cookies, no credentials (fetchMedia has none to send);
 * - every hop through the address guard: loopback, private and link-local addresses only
 *   for a file a local marketplace named (`localOwners`);
 * - requests a marketplace's throttle would count (its /api/, countedOrigin) through that
 *   marketplace's pacer at background priority, so a prefetch of thousands of files can
 *   never cause a 429 for the seller's own requests; everything else unpaced;
 * - the size cap the caller gives, and fetchMedia's timeout until the headers arrive
 *   (the media cache's body-guard times the body).
 */
export function pacedMediaFetcher(options: PacedMediaOptions): MediaFetcher {
  const pacerFor = options.pacerFor ?? ((origin: string) => getPacer(origin))
  const classify = options.classify ? { classify: options.classify } : {}
  // Each hop of a redirect is fetched through the same guard, by the address connected to.
  const guarded = {
    publicOnly: guardedFetch({ allowLocal: false, ...classify }),
    local: guardedFetch({ allowLocal: true, ...classify })
  }
  const transport = async (owners: readonly string[] | undefined): Promise<FetchLike> => {
    if (options.fetch) return options.fetch
    const local = options.localOwners ? await options.localOwners(owners ?? []) : false
    return local ? guarded.local : guarded.publicOnly
  }
  return async (raw, o) => {
    let url: URL | null = null
    try {
      url = new URL(raw)
    } catch {
      // fetchMedia refuses it with its own message.
    }
    const origin = url === null ? null : countedOrigin(url, await options.sites())
    const { owners, ...mediaOptions } = o
    return fetchMedia(raw, {
      ...mediaOptions,
      fetch: await transport(owners),
      // fetchMedia paces each hop on this origin (a redirect from /api/ to a static file
      // is paced too: erring towards waiting).
      ...(origin !== null ? { apiOrigin: origin, pacer: background(pacerFor(origin)) } : {})
    })
  }
}
