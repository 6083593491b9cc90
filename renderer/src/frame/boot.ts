import { getBridge } from '../bridge'
import { useConnections } from '../stores/connections'
import { useItems } from '../stores/items'
import { useNav, type View } from '../stores/nav'
import { useSettings } from '../stores/settings'
import { holdBackgroundWorkFor } from './page-code'
import { warmFormats } from '../lib/warm-formats'
import { loadViewCode } from './routes'

/**
 * How long the page holds its first frame back for what the first view shows (connections,
 * settings, the view's code, the list's first window). Main answers in a few ms (Electron's
 * IPC, the browser host on this machine); only a slow start shows the skeleton, after this.
 */
const FIRST_FRAME_WAIT_MS = 150

/** Warms the formats on this thread when it is idle; returns how to call that off. */
function warmFormatsWhenIdle(): () => void {
  // When the page waits on the network, not in the way of the answers it waits for.
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => warmFormats(), { timeout: 200 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(() => warmFormats(), 0)
  return () => clearTimeout(id)
}

/**
 * ICU's first use (the cards' prices and dates) costs the page's thread 20–45 ms. A worker
 * (format-worker.ts) pays it on the other core while the page waits for main. Without one
 * (tests, a stricter policy), or when it fails to load, the page warms the formats itself.
 */
function warmFormatsAside(worker: Worker | null): () => void {
  if (!worker) return warmFormatsWhenIdle()
  let stop = (): void => {}
  worker.addEventListener('error', (e) => {
    e.preventDefault()
    stop = warmFormatsWhenIdle()
  })
  // Not warmed here as well while the worker works: that would race it for the same work.
  return () => stop()
}

export interface FirstScreen {
  /** Settles once connections and settings have answered, or failed. */
  answered: Promise<void>
  /**
   * Settles once the first view has what it shows: those answers, the opening view's code and,
   * when the app opens on Items, the list's first answer (or its failure).
   */
  ready: Promise<void>
  stop(): void
}

/** The view the first frame shows, once connections and settings have answered; null: none (main could not be asked). */
function openingView(): View | 'connect' | null {
  const state = useConnections.getState().state
  if (!state) return null
  return state.connections.length === 0 ? 'connect' : useNav.getState().view
}

/** Settles once the Items list is not waiting for its first answer. */
function listSettled(): Promise<void> {
  const settled = (): boolean => useItems.getState().status !== 'loading'
  return new Promise((resolve) => {
    if (settled()) return resolve()
    const unsubscribe = useItems.subscribe(() => {
      if (!settled()) return
      unsubscribe()
      resolve()
    })
  })
}

/**
 * Called as the page's code starts, before React's first render. What the first view needs
 * is asked for now, side by side, not one after the other once React has drawn the frame:
 * connections and settings, the formats (ICU's first use costs tens of ms), and, as soon
 * as those have answered, the code of the view they open on (only that view's: the rest
 * loads once the first frame is painted) and, when it is Items with a connection, the
 * list's first window.
 */
export function bootFirstScreen(formatWorker: Worker | null = null): FirstScreen {
  const answered = Promise.all([
    useConnections.getState().load(),
    useSettings.getState().load()
  ]).then(() => undefined)
  // Null unless the app opens on Items with a connection: main knows both already.
  const opening = getBridge().openingWindow()
  const code = answered.then(() => {
    const view = openingView()
    return view === null ? undefined : loadViewCode(view)
  })
  holdBackgroundWorkFor(code)
  const stopWarming = warmFormatsAside(formatWorker)
  let done = false
  const check = (): void => {
    if (done || !useConnections.getState().state || !useSettings.getState().loaded) return
    done = true
    unsubscribe()
    const items = useItems.getState()
    if (openingView() === 'items' && items.status === 'idle') void items.load(opening)
  }
  const subscriptions = [useConnections.subscribe(check), useSettings.subscribe(check)]
  const unsubscribe = (): void => {
    for (const u of subscriptions) u()
  }
  check()
  // By the time both have answered, check() has started the list's load, if it is wanted.
  const ready = answered.then(() => Promise.all([listSettled(), code])).then(() => undefined)
  return {
    answered,
    ready,
    stop: () => {
      stopWarming()
      unsubscribe()
    }
  }
}

/**
 * Draws the first frame once `ready` settles, or after `waitMs`, whichever is first.
 * Each frame drawn before everything is here (a skeleton, the view's placeholder, the
 * list's) is one React draws again at once, with its layout, on the path to the first card.
 */
export function renderWhenReady(
  ready: Promise<void>,
  render: () => void,
  waitMs = FIRST_FRAME_WAIT_MS
): void {
  let drawn = false
  const draw = (): void => {
    if (drawn) return
    drawn = true
    clearTimeout(timer)
    render()
  }
  const timer = setTimeout(draw, waitMs)
  void ready.then(draw, draw)
}
