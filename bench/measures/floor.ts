import type { Browser } from 'playwright-core'
import { buildReactCard, spawnFloorChild, type ReactBundle } from '../lib/floor-build'
import { cardPage, lookupPage, reactPage, searchPage } from '../lib/floor-pages'
import { startFloorServer, type FloorFile, type FloorServer } from '../lib/floor-server'
import { loadToFirstCard, openedOnItems } from '../lib/first-card'
import { overRawTrip, round, timing } from '../lib/stats'
import { bytes } from '../lib/table'
import type { Figure, Measure, Ratio } from '../lib/types'
import { floorLetters, lookupFloor, searchFloor, type KeySamples } from './floor-keys'

function floorFiles(react: ReactBundle): Map<string, FloorFile> {
  return new Map([
    ['/', cardPage()],
    ['/react', reactPage('/react-card.js')],
    ['/react-card.js', { type: 'text/javascript', body: react.code }],
    ['/search-page', searchPage('page')],
    ['/search-fetch', searchPage('fetch')],
    ['/lookup-page', lookupPage('page')],
    ['/lookup-fetch', lookupPage('fetch')]
  ])
}

/** As P1's page half: a fresh context per load, one unmeasured load of each page first; the two pages alternate. */
async function pageLoads(browser: Browser, server: FloorServer, runs: number) {
  const urls = [`${server.url}/`, `${server.url}/react`]
  const out: number[][] = [[], []]
  for (const url of urls) await loadToFirstCard(browser, url)
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < urls.length; j++) {
      const k = (i + j) % urls.length
      out[k]!.push(openedOnItems(await loadToFirstCard(browser, urls[k]!)).firstCard)
    }
  }
  return { plain: out[0]!, react: out[1]! }
}

/** As P6's spawned start: plain `node` on the built trivial server, then a fresh context on its card page. */
async function spawnedStarts(browser: Browser, runs: number) {
  const card: number[] = []
  const up: number[] = []
  const opening: number[] = []
  for (let i = 0; i < runs; i++) {
    const child = await spawnFloorChild()
    try {
      const c = openedOnItems(await loadToFirstCard(browser, child.url))
      card.push(c.timeOrigin + c.firstCard - child.spawnedAt)
      up.push(child.listeningAt - child.spawnedAt)
      opening.push(c.timeOrigin - child.listeningAt)
    } finally {
      await child.stop()
    }
  }
  return { card, up, opening }
}

function keyFigure(label: string, s: KeySamples, notes: string[]): Figure {
  if (s.timeouts > 0) notes.push(`${label}: ${s.timeouts} keystroke(s) showed no change, left out.`)
  if (s.ms.length === 0) throw new Error(`${label}: no keystroke changed the page`)
  return timing(label, s.ms)
}

export const floor: Measure = {
  id: 'floor',
  title: "This machine's floor: P1, P2, P3 and P6's timers on the smallest pages that do the job",
  async run(ctx) {
    const browser = await ctx.browser()
    const react = await buildReactCard()
    const server = await startFloorServer(floorFiles(react))
    const notes: string[] = []
    try {
      const loads = await pageLoads(browser, server, ctx.runs(10))
      const starts = await spawnedStarts(browser, ctx.runs(5))
      const local = await searchFloor(browser, server, 'page', ctx.runs(20))
      const remote = await searchFloor(browser, server, 'fetch', ctx.runs(20))
      const lookup = await lookupFloor(browser, server, 'fetch', ctx.runs(20))
      const answered = await lookupFloor(browser, server, 'page', ctx.runs(20))

      const reactSize = `${bytes(react.code.length)}, ${bytes(react.gzipBytes)} gzipped`
      const plain = timing('P1 floor: navigation start -> card painted, static HTML', loads.plain)
      const withReact = timing(
        `P1 floor: navigation start -> card painted, React (${bytes(react.code.length)})`,
        loads.react
      )
      const spawnCard = timing('P6 floor: spawn plain node server -> card painted', starts.card)
      const spawnUp = timing('P6 floor: spawn plain node server -> listening', starts.up)
      const opening = timing(
        'P6 floor: listening -> navigation start (new context and page)',
        starts.opening
      )
      const inPage = keyFigure(
        'P2 floor: type a letter -> painted, filtered in the page',
        local,
        notes
      )
      const viaFetch = keyFigure('P2 floor: type a letter -> painted, via fetch', remote, notes)
      const verdict = keyFigure('P3 floor: Enter -> fetch POST -> verdict painted', lookup, notes)
      const atOnce = keyFigure(
        'P3 floor: Enter -> verdict painted, answered in the page (no trip)',
        answered,
        notes
      )
      const raw = timing('P3 floor: raw HTTP POST round trip (fetch from Node)', lookup.raw)
      const ratios: Ratio[] = [
        { label: 'P1 floor: React / static (p50)', value: withReact.p50! / plain.p50!, unit: 'x' },
        ...overRawTrip('P3 floor: ', verdict, raw),
        {
          label: 'P3 floor: verdict via fetch minus answered in the page (p50)',
          value: round(verdict.p50! - atOnce.p50!, 1),
          unit: 'ms'
        }
      ]
      notes.unshift(
        'Same Chromium, flags, fresh-context set-up and in-page timers as P1, P2, P3 and P6 (bench/lib/page-scripts.ts), on pages with nothing but what each probe waits for, served by a trivial node:http server (bench/lib/floor-server.ts; no framework, no app code). P1, P2 and P3 floors: the server runs in the bench process, as the browser host does in P1, P2 and P3.',
        `P1 floor: a fresh context per load, one unmeasured load of each page first, the two pages alternating. "Static HTML": the card is in the page's markup, no script, no CSS. "React": an empty root and one module script, React 19 + react-dom built by Vite for production (${reactSize}; the app's first-paint JS is about 266 KB) rendering the one card with createRoot.`,
        'P6 floor: plain `node` on the trivial server bundled as P6 bundles the host (out/bench-floor/floor-server-child.mjs, node:http only); spawn -> it prints its address, then a fresh context on the static card page, as P6 does: Node start-up and the new Chromium context and page are inside the figure; listening -> navigation start is that context and page being made (Playwright newContext, addInitScript, newPage, goto).',
        `P2 floors: a search box, the toolbar count and one card (ITEMS_PROBE, ITEMS_CHANGED), 10,000 short names ("amber beacon 42"); each input filters them in the page or asks the server (GET, a ~40 B JSON answer), then writes the count and the first name. No list rendering, no layout beyond two text nodes. Letters typed: ${floorLetters().join(' ')}; one unmeasured keystroke first; Backspace between letters (untimed).`,
        'P3 floor: Enter in a form field -> fetch POST (urlencoded) -> the server answers {status} -> a new #verdict-word (VERDICT_PROBE, VERDICT_SHOWN); then a raw fetch of the same POST from Node. Beside it, the same page answering in its submit handler with no trip: what the timer alone costs (input event to the frame after the change). One unmeasured lookup first.'
      )
      return {
        figures: [
          plain,
          withReact,
          spawnCard,
          spawnUp,
          opening,
          inPage,
          viaFetch,
          verdict,
          atOnce,
          raw
        ],
        ratios,
        notes
      }
    } finally {
      await server.close()
    }
  }
}
