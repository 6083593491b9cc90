import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Browser } from 'playwright-core'
import type { DemoServer } from '../../electron/demo'
import { dispatch, type Handlers } from '../../electron/main/ipc/dispatch'
import { contract } from '../../shared/ipc/contract'
import { DEFAULT_MEDIA_LIMIT_BYTES } from '../../electron/main/media/media-cache'
import { GALLERY_FILL_RATIO } from '../../electron/main/media/prefetch-runs'
import { createMemorySecretStore } from '../../electron/main/secrets/memory-store'
import type { SecretStore } from '../../electron/main/secrets/types'
import { launchBrowser } from './browser'
import { startSpecDemo } from './demo'
import { createBenchApp } from './host'
import { seedThumbnails } from './seed-media'
import type { BenchOptions } from './types'

/** A data folder holding one connection to the bench demo, its catalogue already cached. */
export interface WarmProfile {
  dataDir: string
  /** Stands in for the OS keychain across host restarts. */
  secretStore: SecretStore
  connectionId: string
}

/**
 * Storing a fresh list prefetches its images in the background: every thumbnail, then the
 * preview images and screenshots (up to half the cache limit, which the bench catalogue
 * stays under). A warm cache is one where that has finished, so no prefetch competes with
 * the measured runs: wait until the cache holds `expected` files, or stops growing, or
 * three minutes have passed.
 */
async function prefetchSettled(handlers: Handlers, expected: number): Promise<number> {
  const deadline = Date.now() + 180_000
  let last = -1
  let still = 0
  for (;;) {
    await sleep(500)
    const info = await dispatch(handlers, 'getCacheInfo', undefined)
    if (!info.ok) throw new Error(`could not read the cache size: ${info.error.message}`)
    const files = contract.getCacheInfo.response.parse(info.data).files
    still = files === last ? still + 1 : 0
    last = files
    if ((files >= expected && still >= 1) || still >= 6 || Date.now() > deadline) return files
  }
}

/**
 * Prints each step of a shared set-up with its seconds, so a slow 100,000-item build shows
 * where its minutes go (stderr, beside the runner's own progress lines).
 */
function stepClock(what: string): (step: string) => void {
  let last = Date.now()
  return (step) => {
    const now = Date.now()
    process.stderr.write(`[bench] ${what}: ${step} in ${((now - last) / 1000).toFixed(1)} s\n`)
    last = now
  }
}

/**
 * Above this many items the app's own prefetch (one fsynced download per file, four at a
 * time: about 300 files a second here, so over five minutes for 100,000 thumbnails) takes
 * longer than a bench can wait, and a cut-off one keeps downloading under the measures.
 * The bench then writes what a finished prefetch leaves instead (seedThumbnails).
 */
const SEED_MEDIA_ABOVE = 20_000

/**
 * What several measures share, built on first use so any one measure runs alone, and
 * torn down once at the end: the 10,000-item demo, one Chromium, a warm profile.
 */
export class BenchContext {
  private readonly cleanups: Array<() => Promise<unknown>> = []
  private demoP: Promise<DemoServer> | null = null
  private browserP: Promise<Browser> | null = null
  private profileP: Promise<WarmProfile> | null = null
  /** Files cached (media and catalogue) when the warm profile was ready (for the notes). */
  cachedFiles: number | null = null
  /** What the warm profile's media cache holds and how it got there (for the notes). */
  warmMedia = 'not built'

  constructor(readonly options: BenchOptions) {}

  runs(fallback: number): number {
    return this.options.runs ?? fallback
  }

  defer(cleanup: () => Promise<unknown>): void {
    this.cleanups.push(cleanup)
  }

  async tempDir(prefix: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), `seller-desk-bench-${prefix}-`))
    this.defer(() => rm(dir, { recursive: true, force: true }))
    return dir
  }

  demo(): Promise<DemoServer> {
    return (this.demoP ??= startSpecDemo(this.options.size).then((d) => {
      this.defer(() => d.close())
      return d
    }))
  }

  browser(): Promise<Browser> {
    return (this.browserP ??= launchBrowser({ browserUi: this.options.browserUi }).then((b) => {
      this.defer(() => b.close())
      return b
    }))
  }

  private setupDone = 0
  private setupSince: number | null = null

  /**
   * ms spent so far building what measures share (the warm profile), including a build under
   * way: not held against a measure's time limit.
   */
  get setupMs(): number {
    return this.setupDone + (this.setupSince === null ? 0 : Date.now() - this.setupSince)
  }

  warmProfile(): Promise<WarmProfile> {
    return (this.profileP ??= this.timedSetup(() => this.makeWarmProfile()))
  }

  private async timedSetup<T>(work: () => Promise<T>): Promise<T> {
    this.setupSince = Date.now()
    try {
      return await work()
    } finally {
      this.setupDone += Date.now() - this.setupSince
      this.setupSince = null
    }
  }

  private async makeWarmProfile(): Promise<WarmProfile> {
    const step = stepClock('warm profile')
    const demo = await this.demo()
    step('demo started')
    const dataDir = await this.tempDir('profile')
    const secretStore = createMemorySecretStore()
    const seed = this.options.size > SEED_MEDIA_ABOVE
    const app = await createBenchApp(dataDir, secretStore)
    let connectionId: string
    let thumbnails: string[] = []
    try {
      const added = await dispatch(app.handlers, 'addConnection', {
        label: 'Bench demo',
        baseUrl: demo.baseUrl,
        apiKey: demo.apiKey,
        // Adding checks the key is a seller's by fetching the whole list once more, which
        // the listing below does anyway (and checks its count): 16-72 s at 100,000 items
        // on the loaded machine. What is saved is the same either way.
        allowNoItems: true
      })
      if (!added.ok) throw new Error(`could not connect to the bench demo: ${added.error.message}`)
      connectionId = contract.addConnection.response.parse(added.data).id
      const account = await dispatch(app.handlers, 'getAccount', { refresh: true })
      if (!account.ok) throw new Error(`could not read the demo account: ${account.error.message}`)
      step('connected')
      const items = await dispatch(app.handlers, 'listItems', { refresh: true })
      step('catalogue fetched and cached')
      if (!items.ok) throw new Error(`could not list the demo items: ${items.error.message}`)
      const listedItems = contract.listItems.response.parse(items.data).data.items
      const listed = listedItems.length
      if (listed !== this.options.size)
        throw new Error(`the demo listed ${listed} items, not ${this.options.size}`)
      if (seed) {
        thumbnails = listedItems.flatMap((i) => (i.media.thumbnail ? [i.media.thumbnail] : []))
      } else {
        const images = new Set(
          listedItems.flatMap((i) => [
            i.media.thumbnail,
            i.media.preview_image,
            ...i.media.screenshots
          ])
        )
        images.delete(null)
        this.cachedFiles = await prefetchSettled(app.handlers, images.size)
        this.warmMedia = `${this.cachedFiles.toLocaleString('en')} cached files: the catalogue and the thumbnails, preview images and screenshots the app's own prefetch stored (finished)`
      }
      step(seed ? 'thumbnail addresses taken' : 'prefetch settled')
    } finally {
      // Closing stops the prefetch the stored list started; seeding replaces what it stored.
      await app.close()
      step('app closed')
    }
    if (seed) {
      await rm(join(dataDir, 'media'), { recursive: true, force: true })
      step('prefetched media removed')
      const seeded = await seedThumbnails(dataDir, connectionId, thumbnails)
      step('thumbnails seeded')
      // The app prefetches previews and screenshots only while the cache is under half its
      // limit: past it, thumbnails alone are what a finished prefetch leaves.
      const half = GALLERY_FILL_RATIO * DEFAULT_MEDIA_LIMIT_BYTES
      if (seeded.bytes < half)
        throw new Error(
          `the seeded thumbnails (${seeded.bytes} bytes) leave room for previews: a finished prefetch would hold those too`
        )
      this.cachedFiles = seeded.files
      this.warmMedia = `the app fetched and cached the catalogue; its media cache holds every thumbnail (${seeded.files.toLocaleString('en')} files, ${(seeded.bytes / 1e6).toFixed(0)} MB, past half the 500 MB limit, so the app prefetches no previews or screenshots), written by the bench in the app's cache layout as the app's finished prefetch leaves it (hard links to the demo's bytes), not downloaded one by one: that takes over five minutes at this size`
    }
    return { dataDir, secretStore, connectionId }
  }

  async close(): Promise<void> {
    for (const step of this.cleanups.reverse()) await step().catch(() => {})
    this.cleanups.length = 0
  }
}
