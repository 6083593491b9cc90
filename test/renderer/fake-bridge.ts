import { vi, type Mock } from 'vitest'
import type { Account, Item, Purchase } from '../../shared/model'
import type { AppError, ErrorKind, Result } from '../../shared/errors'
import type { SellerDeskApi } from '../../shared/ipc/api'
import {
  methods,
  type BulkJob,
  type BulkResult,
  type CacheInfo,
  type ConnectionView,
  type ConnectionsState,
  type Freshness,
  type HistoryEntry,
  type ItemsPayload,
  type Method,
  type RequestOf
} from '../../shared/ipc/contract'
import { mediaProtocolUrl } from '../../shared/media-url'
// main's own search engine: the fake answers queryItems in main's order (eslint.config.mjs)
import { buildIndex, matchPositions } from '../../electron/main/catalogue/item-search'
import { summaryOf } from '../../shared/item-summary'
import { useAccount } from '../../renderer/src/stores/account'
import { useConnectionStatus } from '../../renderer/src/stores/connection-status'
import { UNKNOWN_STATUS } from '../../shared/connection-status'
import { useConnections } from '../../renderer/src/stores/connections'
import { useItems } from '../../renderer/src/stores/items'
import { resetNavForTests, useNav } from '../../renderer/src/stores/nav'
import { useSettings } from '../../renderer/src/stores/settings'
import { useToasts } from '../../renderer/src/ui/toast'
import { resetPlatformForTests } from '../../renderer/src/frame/platform'
import { useShortcutsSheet } from '../../renderer/src/frame/ShortcutsSheet'

/**
 * A stand-in for the preload bridge: every method is a vitest mock over a realistic
 * default, so a test overrides only what it is about and can assert on the calls.
 *
 *   const bridge = installFakeBridge({ getAccount: async () => err('offline', 'No network') })
 *   expect(bridge.getAccount).toHaveBeenCalledWith({ refresh: true })
 */

export type FakeBridge = { [M in keyof SellerDeskApi]: Mock<SellerDeskApi[M]> } & {
  /** The requests each method received, in order (a method never called has no entry). */
  calls: { [M in Method]?: Array<RequestOf<M>> }
}
export type BridgeOverrides = Partial<{ [M in keyof SellerDeskApi]: SellerDeskApi[M] }>

export const ok = <T>(data: T): Result<T> => ({ ok: true, data })
export const err = <T = never>(
  kind: ErrorKind,
  message: string,
  retryAfterMs?: number
): Result<T> => {
  const error: AppError =
    retryAfterMs === undefined ? { kind, message } : { kind, message, retryAfterMs }
  return { ok: false, error }
}

/** A promise the test settles itself: for asserting loading states. */
export function deferred<T>(): {
  promise: Promise<T>
  resolve(v: T): void
  reject(e: unknown): void
} {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

export const HOSTILE = {
  img: '<img src=x onerror="window.__pwned=1">',
  script: '<script>window.__pwned=1</script>',
  jsLink: '<a href="javascript:window.__pwned=1">click</a>',
  text: '"><svg onload=window.__pwned=1>'
} as const

export function freshness(overrides: Partial<Freshness> = {}): Freshness {
  return {
    fetchedAt: new Date().toISOString(),
    source: 'network',
    offline: false,
    refreshError: null,
    ...overrides
  }
}

export function sampleAccount(overrides: Partial<Account> = {}): Account {
  return {
    name: { firstname: 'Mira', lastname: 'Okafor', full_name: 'Mira Okafor' },
    username: 'miraworks',
    email: 'mira@example.test',
    balance: 1234.5,
    currency: 'USD',
    profile: {
      heading: 'Dashboards and admin templates',
      description: '<p>I build <strong>clean</strong> admin templates.</p>',
      contact: { email: 'support@miraworks.test' },
      social_links: [
        { network: 'x', handle: 'miraworks', url: 'https://x.com/miraworks' },
        { network: 'youtube', handle: 'miraworks', url: 'https://youtube.com/@miraworks' },
        { network: 'forum', handle: 'mira at the forum', url: null }
      ],
      media: {
        avatar: 'https://market.test/media/avatar.png',
        cover: 'https://market.test/media/cover.jpg'
      }
    },
    registered_at: '2021-03-02T14:05:51.000000Z',
    ...overrides
  }
}

export function sampleItem(overrides: Partial<Item> = {}): Item {
  return {
    id: 101,
    name: 'Northwind Admin Dashboard',
    description: '<p>A responsive admin dashboard.</p>',
    category: 'Templates',
    sub_category: 'Admin',
    options: [{ name: 'Layout', values: ['Responsive'] }],
    version: '2.4.1',
    demo_link: 'https://demo.market.test/northwind',
    tags: ['admin', 'dashboard'],
    media: {
      thumbnail: 'https://market.test/media/101/thumb.jpg',
      preview_image: 'https://market.test/media/101/preview.jpg',
      preview_video: null,
      preview_audio: null,
      screenshots: ['https://market.test/media/101/s1.jpg']
    },
    price: { regular: 24, extended: 120 },
    currency: 'USD',
    published_at: '2024-03-02T14:05:51.000000Z',
    kind: 'image',
    ...overrides
  }
}

export function sampleItems(): ItemsPayload {
  return {
    items: [
      sampleItem(),
      sampleItem({
        id: 102,
        name: 'Lofi Study Beats',
        category: 'Audio',
        sub_category: 'Music',
        kind: 'audio',
        media: {
          thumbnail: 'https://market.test/media/102/thumb.jpg',
          preview_image: null,
          preview_video: null,
          preview_audio: 'https://market.test/media/102/preview.mp3',
          screenshots: []
        }
      })
    ],
    skipped: [],
    listProblem: null
  }
}

export function samplePurchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    purchase_code: '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c',
    license_type: 'Regular',
    license: 'regular',
    price: 24,
    currency: 'USD',
    item: sampleItem(),
    supported_until: '2099-01-01T00:00:00.000000Z',
    downloaded: true,
    date: '2024-05-01T10:00:00.000000Z',
    ...overrides
  }
}

/** One row of the lookup history: a valid check of a Regular licence with support. */
export function historyEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    code: '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c',
    valid: true,
    checkedAt: '2026-11-20T10:00:00.000Z',
    message: null,
    license: 'Regular License',
    itemId: 101,
    itemName: 'Northwind Admin Dashboard',
    supportedUntil: '2099-01-01T00:00:00.000Z',
    price: 24,
    currency: 'USD',
    downloaded: true,
    flag: null,
    ...overrides
  }
}

/** A bulk job as main reports it, counting the results that are no longer pending. */
export function bulkJob(results: BulkResult[], overrides: Partial<BulkJob> = {}): BulkJob {
  const done = results.filter((r) => r.status !== 'pending').length
  return {
    jobId: 'job-1',
    state: done === results.length ? 'done' : 'running',
    done,
    total: results.length,
    waitingUntil: null,
    results,
    ...overrides
  }
}

/** A code of a bulk run not checked yet. */
export function pendingResult(code: string): BulkResult {
  return {
    code,
    looksLikeUuid: true,
    status: 'pending',
    itemId: null,
    itemName: null,
    license: null,
    supportedUntil: null,
    message: null,
    errorKind: null,
    flag: null
  }
}

export function sampleConnection(overrides: Partial<ConnectionView> = {}): ConnectionView {
  return {
    id: 'c1',
    label: 'market.test',
    baseUrl: 'https://market.test',
    isDemo: false,
    keyStorage: 'keychain',
    ...overrides
  }
}

export function sampleConnections(overrides: Partial<ConnectionsState> = {}): ConnectionsState {
  return {
    connections: [
      sampleConnection(),
      sampleConnection({
        id: 'demo',
        label: 'Demo marketplace',
        baseUrl: 'http://127.0.0.1:4173',
        isDemo: true
      })
    ],
    activeId: 'c1',
    keychain: 'available',
    ...overrides
  }
}

export function sampleCacheInfo(overrides: Partial<CacheInfo> = {}): CacheInfo {
  return {
    bytes: 12_582_912,
    limitBytes: 500_000_000,
    files: 84,
    dataDir: '/home/mira/.config/Seller Desk',
    ...overrides
  }
}

/** Realistic answers for the common methods; any other method answers "not faked" until a test sets it. */
function defaults(): Partial<{ [M in Method]: SellerDeskApi[M] }> {
  return {
    getAppInfo: async () =>
      ok({ name: 'Seller Desk', version: '0.1.0', transport: 'browser', platform: 'linux' }),
    listConnections: async () => ok(sampleConnections()),
    testConnection: async () => ok(sampleAccount()),
    addConnection: async (req) =>
      ok(
        sampleConnection({
          id: 'new',
          label: req.label ?? new URL(req.baseUrl).host,
          baseUrl: req.baseUrl
        })
      ),
    updateConnection: async (req) =>
      ok(sampleConnection({ id: req.id, ...(req.label ? { label: req.label } : {}) })),
    removeConnection: async (req) => {
      const state = sampleConnections()
      const connections = state.connections.filter((c) => c.id !== req.id)
      return ok({ ...state, connections, activeId: connections[0]?.id ?? null })
    },
    setActiveConnection: async (req) => ok(sampleConnections({ activeId: req.id })),
    startDemo: async () =>
      ok(
        sampleConnection({
          id: 'demo',
          label: 'Demo marketplace',
          baseUrl: 'http://127.0.0.1:4173',
          isDemo: true
        })
      ),
    getSampleCodes: async () => ok(null),
    getAccount: async () => ok({ data: sampleAccount(), freshness: freshness() }),
    listItems: async () => ok({ data: sampleItems(), freshness: freshness() }),
    getItem: async (req) => ok({ data: sampleItem({ id: req.id }), freshness: freshness() }),
    validatePurchase: async (req) =>
      ok({
        valid: true as const,
        purchase: samplePurchase({ purchase_code: req.code }),
        code: req.code,
        checkedAt: new Date().toISOString()
      }),
    getSettings: async () => ok({ theme: 'system' as const }),
    openingWindow: async () => ok(null),
    setTheme: async (req) => ok({ theme: req.theme }),
    setLastView: async (req) => ok({ view: req.view }),
    setItemsInset: async (req) => ok({ x: req.x, y: req.y }),
    openExternal: async () => ok(null),
    listHistory: async () => ok({ entries: [], total: 0 }),
    getCacheInfo: async () => ok(sampleCacheInfo()),
    clearCache: async () => ok(sampleCacheInfo({ bytes: 0, files: 0 })),
    setCacheLimit: async (req) => ok(sampleCacheInfo({ limitBytes: req.limitBytes })),
    getBalanceWatch: async () => ok({ intervalMinutes: 5, intervalMs: 300_000, connections: [] }),
    getBalanceSeries: async () =>
      ok({
        currency: null,
        points: [],
        increases: [],
        bucket: 'day',
        otherCurrency: false,
        lastChange: null,
        todayCents: 0,
        watch: null
      }),
    takeBalanceNotices: async () => ok({ notices: [], last: 0, openAccount: false }),
    // As the browser host answers: updates exist only in the packaged desktop app.
    getUpdateState: async () =>
      ok({ available: false, state: { kind: 'idle' as const }, bulkRunning: false }),
    getUpdateSettings: async () => ok({ available: false, autoDownload: true, beta: false }),
    takeCrashNotice: async () => ok({ line: null }),
    getRefreshProgress: async () => ok(null),
    cancelRefresh: async () => ok({ cancelled: false })
  }
}

function notFaked(method: string): () => Promise<Result<never>> {
  return async () => err('internal', `${method} is not faked in this test.`)
}

/**
 * queryItems as main answers it, over whatever the test's listItems answers: each window
 * reads the list once (recorded as a listItems call, with `refresh` when asked), so a test
 * that fakes the list fakes the windows too, and counts list reads as before.
 */
function queryOverList(listItems: () => SellerDeskApi['listItems']): SellerDeskApi['queryItems'] {
  const indexes = new WeakMap<readonly Item[], ReturnType<typeof buildIndex>>()
  return async (req) => {
    const listed = await listItems()(req.refresh ? { refresh: true } : undefined)
    if (!listed.ok) return listed
    const { items, skipped, listProblem } = listed.data.data
    let index = indexes.get(items)
    if (!index) indexes.set(items, (index = buildIndex(items)))
    const positions = matchPositions(index, req)
    return ok({
      data: {
        rows: Array.from(positions.subarray(req.offset, req.offset + req.limit), (n) =>
          summaryOf(items[n]!)
        ),
        offset: req.offset,
        matched: positions.length,
        total: items.length,
        categories: index.categories,
        skipped,
        listProblem,
        ...(req.has === undefined ? {} : { has: items.some((i) => i.id === req.has) })
      },
      freshness: listed.data.freshness
    })
  }
}

/** Installs a fresh fake on window.sellerDesk (replacing any earlier one) and returns it. */
export function installFakeBridge(overrides: BridgeOverrides = {}): FakeBridge {
  // Read from each mock's own record, so a test's mockImplementation keeps them counted.
  const calls: Record<string, unknown[] | undefined> = {}
  const fake: Record<string, unknown> = { calls }
  const impls: Record<string, (...args: never[]) => unknown> = {
    ...Object.fromEntries(methods.map((m) => [m, notFaked(m)])),
    ...defaults(),
    queryItems: queryOverList(() => fake['listItems'] as SellerDeskApi['listItems']),
    mediaUrl: (remoteUrl: string) => mediaProtocolUrl(remoteUrl),
    ...overrides
  }
  for (const [name, impl] of Object.entries(impls)) {
    const mock = vi.fn(impl)
    fake[name] = mock
    if (name === 'mediaUrl') continue
    Object.defineProperty(calls, name, {
      enumerable: true,
      get: () => (mock.mock.calls.length ? mock.mock.calls.map((args) => args[0]) : undefined)
    })
  }
  const bridge = fake as unknown as FakeBridge
  ;(window as Window & { sellerDesk?: SellerDeskApi }).sellerDesk =
    bridge as unknown as SellerDeskApi
  return bridge
}

/**
 * The renderer's stores are module singletons: put every one back to its first state so
 * one test's data never leaks into the next.
 */
export function resetStores(): void {
  useConnections.setState({ state: null, status: 'idle', error: null })
  useAccount.getState().reset()
  useConnectionStatus.setState({ status: UNKNOWN_STATUS, inFlight: 0, bulk: null })
  useItems.getState().reset()
  useNav.setState({ view: 'account', itemId: null, previous: 'items', arrival: 0 })
  resetNavForTests()
  useSettings.setState({
    theme: 'system',
    loaded: false,
    itemsInset: null,
    cache: null,
    cacheError: null
  })
  useToasts.setState({ toasts: [] })
  resetPlatformForTests()
  useShortcutsSheet.setState({ open: false })
  delete document.documentElement.dataset['theme']
}
