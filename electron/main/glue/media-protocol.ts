import { protocol, type CustomScheme } from 'electron'
import { MEDIA_SCHEME } from '../../../shared/media-url'
import { answerMediaRequest } from '../media/route'
import type { MediaService } from '../media/types'

/**
 * Registered with the others in schemes.ts, before the app is ready. `standard` gives
 * sd-media://media/?u=... a host and a query that parse like http; `secure` keeps it usable
 * from our page without mixed-content warnings; `stream` lets <video>/<audio> seek with Range
 * requests; `supportFetchAPI` lets the renderer fetch() it. No CORS or service-worker
 * privileges: nothing else needs them.
 */
export const MEDIA_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: MEDIA_SCHEME,
  privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true }
}

/**
 * Answers sd-media: requests from the MediaService (which fetches only addresses seen in
 * marketplace answers, and serves cached ones offline). Call once the app is ready.
 */
export function handleMediaProtocol(media: MediaService | null): void {
  protocol.handle(MEDIA_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } })
    }
    let remote: string | null = null
    try {
      const url = new URL(request.url)
      if (url.host === 'media') remote = url.searchParams.get('u')
    } catch {
      remote = null
    }
    if (!media || !remote) return new Response(null, { status: 404 })
    try {
      const answer = await answerMediaRequest(media, remote, {
        method: request.method,
        range: request.headers.get('range'),
        signal: request.signal
      })
      return new Response(answer.body, { status: answer.status, headers: answer.headers })
    } catch {
      return new Response(null, { status: 502 })
    }
  })
}
