import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web'
import { answerMediaRequest } from '../main/media/route'
import type { MediaService } from '../main/media/types'
import { sendText } from './http-util'
import { tokenMatches } from './token'

/**
 * `GET /media?u=<remote url>&t=<token>`: the browser host's twin of Electron's sd-media:
 * protocol. The token rides in the query because <img> and <video> cannot send headers.
 */
export async function handleMedia(
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  media: MediaService | null,
  token: string
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' })
    return
  }
  if (!tokenMatches(token, query.get('t'))) {
    sendText(res, 401, 'Unauthorized')
    return
  }
  const remote = query.get('u')
  if (!media || !remote) {
    sendText(res, 404, 'Not found')
    return
  }
  const aborter = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) aborter.abort()
  })
  const answer = await answerMediaRequest(media, remote, {
    method: req.method,
    range: req.headers.range,
    signal: aborter.signal
  })
  res.writeHead(answer.status, answer.headers)
  const body = answer.body
  if (body === null) {
    res.end()
    return
  }
  if (body instanceof Uint8Array) {
    res.end(body)
    return
  }
  const stream = Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>)
  stream.on('error', () => res.destroy())
  res.on('close', () => stream.destroy())
  stream.pipe(res)
}
