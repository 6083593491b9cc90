import type { Browser } from 'playwright-core'
import type { BenchContext, WarmProfile } from '../lib/context'
import { loadToFirstCard, openedOnItems } from '../lib/first-card'
import { startBenchHost } from '../lib/host'
import { epochNow, spawnHostChild } from '../lib/host-child'
import { timing } from '../lib/stats'
import type { Measure } from '../lib/types'

interface Start {
  /** ms from the start until the host listens. */
  up: number
  /** ms from the start until the first item card is painted. */
  card: number
}

async function inProcess(profile: WarmProfile, browser: Browser): Promise<Start> {
  const t0 = epochNow()
  const host = await startBenchHost(profile.dataDir, profile.secretStore)
  const up = epochNow() - t0
  try {
    const c = openedOnItems(await loadToFirstCard(browser, host.server.url))
    return { up, card: c.timeOrigin + c.firstCard - t0 }
  } finally {
    await host.close()
  }
}

/** The built host spawned with plain `node`, as `npm start` and `npm run start:web` run it. */
async function spawned(ctx: BenchContext, profile: WarmProfile, browser: Browser): Promise<Start> {
  const child = await spawnHostChild(ctx, profile)
  try {
    const c = openedOnItems(await loadToFirstCard(browser, child.url))
    return {
      up: child.listeningAt - child.spawnedAt,
      card: c.timeOrigin + c.firstCard - child.spawnedAt
    }
  } finally {
    await child.stop()
  }
}

export const p6HostStart: Measure = {
  id: 'p6',
  title: 'Browser host: start -> Items view shows its first card (warm cache)',
  async run(ctx) {
    const profile = await ctx.warmProfile()
    const browser = await ctx.browser()
    const inside: Start[] = []
    const outside: Start[] = []
    // One unmeasured in-process start: this process's first createApp pays for loading
    // modules, and the seller opens Items in it (clicked if the app opened elsewhere).
    const host = await startBenchHost(profile.dataDir, profile.secretStore)
    await loadToFirstCard(browser, host.server.url).finally(() => host.close())
    for (let i = 0, runs = ctx.runs(8); i < runs; i++)
      inside.push(await inProcess(profile, browser))
    for (let i = 0, runs = ctx.runs(5); i < runs; i++)
      outside.push(await spawned(ctx, profile, browser))

    const spawnCard = timing(
      'spawned process: spawn -> first item card painted',
      outside.map((s) => s.card)
    )
    const spawnUp = timing(
      'spawned process: spawn -> listening',
      outside.map((s) => s.up)
    )
    const card = timing(
      'in-process: start -> first item card painted',
      inside.map((s) => s.card)
    )
    const up = timing(
      'in-process: start -> listening (createApp + HTTP server)',
      inside.map((s) => s.up)
    )
    return {
      figures: [spawnCard, spawnUp, card, up],
      ratios: [
        {
          label: 'spawned: listening / whole start (p50)',
          value: (spawnUp.p50! / spawnCard.p50!) * 100,
          unit: '%'
        },
        {
          label: 'spawned / in-process start to first card (p50)',
          value: spawnCard.p50! / card.p50!,
          unit: 'x'
        }
      ],
      notes: [
        'Spawned: plain `node` on the host bundled as `npm run build` bundles out/host/cli.mjs (as `npm start` and `npm run start:web` run it), so Node start-up and module load are inside the figure; the key reaches it on stdin in place of the keychain. In-process: createApp + host server in the bench process (as electron/host/launch.ts does), modules already loaded, one unmeasured start first.',
        `Both: Chromium already running, a fresh context per run, navigation as soon as the host listens. The app opens on the view the seller left it on: Items, opened in the unmeasured first start (an init script clicks it if the app opened elsewhere); every measured start must open on Items with no click. Warm cache: ${ctx.warmMedia}; cache, settings and key survive between runs as between launches.`
      ]
    }
  }
}
