import type { StoreLog } from '../cache/versioned-file'
import { guardBody, MediaBodyTimeout, type MediaTimeouts } from './body-guard'
import { answerFromDisk } from './disk-answer'
import type { MediaDiskStore } from './disk-store'
import { baseType, classify, safetyHeaders } from './media-type'
import type { FetchedMedia, MediaAnswer } from './types'
import { readStreamCapped } from '../util/read-capped'

const MB = 1024 * 1024

export interface FetchedAnswerDeps {
  store: MediaDiskStore
  log: StoreLog
  maxImageBytes: number
  timeouts: MediaTimeouts
  /** The connections that were sent this address, asked when the image is stored. */
  ownersOf(url: string): readonly string[]
}

export function emptyAnswer(status: number): MediaAnswer {
  return { status, headers: {}, body: null }
}

/** A fetch that failed outright: 504 when the site could not be reached in time, else 502. */
export function failureStatus(e: unknown): number {
  const kind = (e as { kind?: unknown } | null)?.kind
  if (kind === 'offline' || kind === 'timeout') return 504
  return 502
}

function pick(headers: Record<string, string>, names: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of names) {
    const v = headers[name]
    if (v !== undefined) out[name] = v
  }
  return out
}

/**
 * What the marketplace sent, as the media route's answer: a whole image is stored and
 * served from disk; video, audio and partial answers stream straight through.
 */
export async function answerFetched(
  deps: FetchedAnswerDeps,
  key: string,
  url: string,
  fetched: FetchedMedia,
  range: string | undefined
): Promise<MediaAnswer> {
  if (fetched.status !== 200 && fetched.status !== 206) {
    await fetched.body?.cancel().catch(() => {})
    if (fetched.status === 404 || fetched.status === 410) return emptyAnswer(404)
    if (fetched.status === 416)
      return { status: 416, headers: pick(fetched.headers, ['content-range']), body: null }
    return emptyAnswer(502)
  }
  const type = baseType(fetched.headers)
  const kind = classify(type)
  if (kind === 'refused') {
    await fetched.body?.cancel().catch(() => {})
    deps.log.warn(
      `[media] refused media from ${new URL(url).host}: content type "${type.slice(0, 60) || 'none'}"`
    )
    return emptyAnswer(415)
  }
  if (kind === 'image' && fetched.status === 200) return answerImage(deps, key, url, fetched, range)
  // Video and audio (and a partial image): straight through, the seek range kept intact.
  return {
    status: fetched.status,
    headers: {
      ...pick(fetched.headers, ['content-length', 'content-range', 'accept-ranges']),
      'content-type': type,
      ...safetyHeaders(type)
    },
    body: fetched.body
  }
}

async function answerImage(
  deps: FetchedAnswerDeps,
  key: string,
  url: string,
  fetched: FetchedMedia,
  range: string | undefined
): Promise<MediaAnswer> {
  const type = baseType(fetched.headers)
  const limits = { idleMs: deps.timeouts.idleMs, totalMs: deps.timeouts.imageTotalMs }
  const body = fetched.body ? guardBody(fetched.body, limits) : null
  const bytes = await readStreamCapped(body, deps.maxImageBytes).catch((e: unknown) =>
    e instanceof MediaBodyTimeout ? e : undefined
  )
  if (bytes instanceof MediaBodyTimeout) {
    deps.log.warn(`[media] gave up on an image from ${new URL(url).host}: ${bytes.message}`)
    return emptyAnswer(504)
  }
  if (bytes === undefined) return emptyAnswer(502)
  if (bytes === null) {
    deps.log.warn(
      `[media] refused an image over ${Math.round(deps.maxImageBytes / MB)} MB from ${new URL(url).host}`
    )
    return emptyAnswer(502)
  }
  const stored = await deps.store
    .put(key, bytes, type, false, deps.maxImageBytes, deps.ownersOf(url))
    .catch(() => null)
  if (stored) {
    const answer = await answerFromDisk(deps.store, key, range, deps.log)
    if (answer) return answer
  }
  return {
    status: 200,
    headers: {
      'content-type': type,
      'content-length': String(bytes.byteLength),
      ...safetyHeaders(type)
    },
    body: bytes
  }
}
