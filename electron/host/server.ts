import { INSTANCE_HEADER } from '../main/storage/folder-lock'
import { access } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { SellerDeskApp } from '../main/app'
import type { DispatchLog } from '../main/ipc/dispatch'
import { cspHeader } from '../main/csp'
import { sendRefusal, sendText } from './http-util'
import { hostAllowed, originAllowed } from './origin-guard'
import { serveStatic } from './static-files'
import { mediaTokenOf, newToken } from './token'

export type HostApp = Pick<SellerDeskApp, 'handlers' | 'media'>

export interface HostServerOptions {
  /**
   * The app behind /rpc and /media, or how to make it: called once the server listens, so
   * the page loads while the app's code does, and those requests wait for it.
   */
  app: HostApp | (() => Promise<HostApp>)
  /** The built renderer (out/renderer). */
  rendererDir: string
  /** 0 or absent: a random free port. */
  port?: number
  /** Reuse a token (a restart keeps open pages working); a fresh one otherwise. */
  token?: string
  log?: DispatchLog
  /** The data-folder lock's instance id, sent with every answer (INSTANCE_HEADER). */
  instance?: string
}

export interface HostServer {
  port: number
  /** `http://127.0.0.1:PORT` */
  baseUrl: string
  /** The address to open: the base URL with the token in the fragment. */
  url: string
  token: string
  /** What media addresses carry: opens /media only, never /rpc. */
  mediaToken: string
  close(): Promise<void>
}

// Sent with every answer: no MIME sniffing, no referrer leaking the page, no framing,
// no other window sharing our browsing context group.
const ALWAYS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY'
} as const

export class RendererNotBuilt extends Error {
  constructor(dir: string) {
    super(
      `The Seller Desk renderer is not built (${join(dir, 'index.html')} is missing): run "npm run build" first.`
    )
    this.name = 'RendererNotBuilt'
  }
}

/** The built page's policy; refuses to start when there is no built page to serve. */
async function readCsp(rendererDir: string): Promise<string> {
  try {
    await access(join(rendererDir, 'index.html'))
  } catch {
    throw new RendererNotBuilt(rendererDir)
  }
  return cspHeader(false)
}

const NOT_STARTED = 'Seller Desk could not start: see the window where it was started.'

/**
 * The routes that need the app are loaded with it, not before the server listens: they
 * bring the IPC contract and every schema (most of the host's start-up).
 */
type AppRoutes = [typeof import('./rpc-route'), typeof import('./media-route')]
let appRoutes: Promise<AppRoutes> | null = null
const loadAppRoutes = (): Promise<AppRoutes> =>
  (appRoutes ??= Promise.all([import('./rpc-route'), import('./media-route')]))

/**
 * The browser host's HTTP server: loopback only, every request's Host checked (DNS
 * rebinding), /rpc and /media behind the per-launch token, the built renderer otherwise.
 */
export async function startHostServer(options: HostServerOptions): Promise<HostServer> {
  const csp = await readCsp(options.rendererDir)
  const token = options.token ?? newToken()
  const mediaToken = mediaTokenOf(token)
  const log = options.log ?? console
  let port = 0
  // Made once, when the server listens, and never left unhandled: a failed start is
  // answered on each request.
  let app: Promise<{ ready: HostApp; routes: AppRoutes } | null> | null = null
  const started = (): NonNullable<typeof app> =>
    (app ??= new Promise<HostApp>((resolve) =>
      resolve(typeof options.app === 'function' ? options.app() : options.app)
    )
      .then(async (ready) => ({ ready, routes: await loadAppRoutes() }))
      .catch(() => null))

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for (const [name, value] of Object.entries(ALWAYS)) res.setHeader(name, value)
    // A later launch reading the lock asks this address whether the lock is really ours.
    if (options.instance) res.setHeader(INSTANCE_HEADER, options.instance)
    if (!hostAllowed(req.headers, port)) {
      sendText(res, 403, 'Forbidden: Seller Desk answers only at 127.0.0.1 or localhost.')
      return
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    if (url.pathname.startsWith('/rpc/')) {
      if (!originAllowed(req.headers, port)) {
        sendRefusal(
          res,
          403,
          'invalid-input',
          'Request refused: it did not come from the Seller Desk page.'
        )
        return
      }
      const made = await started()
      if (!made) {
        sendRefusal(res, 503, 'internal', NOT_STARTED)
        return
      }
      await made.routes[0].handleRpc(req, res, url.pathname.slice('/rpc/'.length), {
        handlers: made.ready.handlers,
        token,
        log
      })
      return
    }
    if (!originAllowed(req.headers, port)) {
      sendText(res, 403, 'Forbidden')
      return
    }
    if (url.pathname === '/media') {
      const made = await started()
      if (!made) sendText(res, 503, NOT_STARTED)
      else
        await made.routes[1].handleMedia(req, res, url.searchParams, made.ready.media, mediaToken)
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' })
      return
    }
    await serveStatic(req, res, options.rendererDir, url.pathname, csp)
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((e: unknown) => {
      log.error('[host] request failed', e instanceof Error ? e.message : String(e))
      if (!res.headersSent) sendText(res, 500, 'Seller Desk could not answer this request.')
      else res.destroy()
    })
  })
  server.headersTimeout = 30_000
  server.requestTimeout = 60_000

  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'EADDRINUSE'
          ? new Error(
              `Port ${options.port} is already in use: choose another with --port, or leave it out for a free one.`
            )
          : e
      )
    )
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.removeAllListeners('error')
      void started()
      resolve()
    })
  })
  port = (server.address() as AddressInfo).port
  const baseUrl = `http://127.0.0.1:${port}`

  return {
    port,
    baseUrl,
    url: `${baseUrl}/#token=${token}&media=${mediaToken}`,
    token,
    mediaToken,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
