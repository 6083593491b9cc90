import type { MediaAnswer, MediaService } from './types'

/**
 * What both media routes (Electron's sd-media: protocol and the browser host's /media)
 * send for a GET or HEAD they accepted: the MediaService's answer, marked nosniff, with
 * no body for HEAD (a stream it would have sent is cancelled, so the fetch behind it stops).
 */
export async function answerMediaRequest(
  media: MediaService,
  remoteUrl: string,
  request: { method: string; range: string | null | undefined; signal: AbortSignal }
): Promise<MediaAnswer> {
  const { range, signal } = request
  const answer = await media.serve(remoteUrl, range ? { range, signal } : { signal })
  const headers = { ...answer.headers, 'x-content-type-options': 'nosniff' }
  if (request.method === 'HEAD' || answer.body === null) {
    if (answer.body instanceof ReadableStream) void answer.body.cancel().catch(() => {})
    return { status: answer.status, headers, body: null }
  }
  return { status: answer.status, headers, body: answer.body }
}
