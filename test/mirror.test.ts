import { existsSync, readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The test tree mirrors the source, so a file's test is one guess away:
 * electron/main/x/y.ts -> test/main/x/y.test.ts, renderer/src/x/Y.tsx ->
 * test/renderer/x/Y.test.tsx. A new source file without its test at that path fails here.
 * A file tested through another is listed below with why; the list may only shrink: an
 * entry whose file is gone, or now has its own test, fails too.
 */

const ROOT = join(__dirname, '..')

/** Source folder -> the test folder that mirrors it. */
const MIRRORS: ReadonlyArray<readonly [string, string]> = [
  ['electron/main', 'test/main'],
  ['electron/host', 'test/host'],
  ['electron/demo', 'test/demo'],
  ['electron/preload', 'test/preload'],
  ['electron/tools', 'test/tools'],
  ['renderer/src', 'test/renderer'],
  ['shared', 'test/shared'],
  ['bench', 'test/bench']
]

const SOURCE = /\.(ts|tsx|mts|mjs)$/
const DECLARATION = /\.d\.m?ts$/

const ALLOWED: ReadonlyArray<{ why: string; files: readonly string[] }> = [
  {
    why: 'types only, checked by the compiler wherever they are used',
    files: ['electron/main/window-placement/rect.ts']
  },
  {
    why: "the balance watch's parts: its fake-clock tests drive them together (test/main/balance/watch.test.ts, balance-log.test.ts) and the whole app over HTTP (test/main/app/balance-watch.test.ts)",
    files: [
      'electron/main/balance/days.ts',
      'electron/main/balance/handlers.ts',
      'electron/main/balance/notices.ts',
      'electron/main/balance/notify-policy.ts',
      'electron/main/balance/series.ts',
      'electron/main/balance/service.ts',
      'electron/main/storage/json-lines.ts',
      'shared/ipc/balance-schemas.ts'
    ]
  },
  {
    why: "Account's balance words: tested through test/renderer/views/account/BalanceHistory.test.tsx and BalanceChart.test.tsx and in Chromium (test/e2e/balance-watch.test.ts), as is Settings' watch section",
    files: [
      'renderer/src/views/account/balance-text.ts',
      'renderer/src/views/settings/BalanceWatchSection.tsx'
    ]
  },
  {
    why: 'the log and diagnostics glue: their Node parts are tested in test/main/logs/ (diagnostics.test.ts, rotating-log.test.ts), the Electron side through test/main/glue/desktop-app.test.ts',
    files: ['electron/main/glue/diagnostics.ts', 'electron/main/logs/scrub-line.ts']
  },
  {
    why: "Settings → Updates and the notices' shared Dismiss button: tested through SettingsView.test.tsx, UpdateBanner.test.tsx and CrashNotice.test.tsx",
    files: [
      'renderer/src/views/settings/UpdatesSection.tsx',
      'renderer/src/frame/DismissButton.tsx'
    ]
  },
  {
    why: 'the one connection status: its rules in test/shared/connection-status.test.ts, every view, the switcher and Validate in each state in Chromium (test/e2e/status.test.ts), the tray line through test/main/glue/tray.test.ts',
    files: [
      'electron/main/status/status-tracker.ts',
      'renderer/src/stores/connection-status.ts',
      'renderer/src/ui/ConnectionStatus.tsx',
      'renderer/src/ui/NotChecked.tsx'
    ]
  },
  {
    why: 'parts of the key scrubber: tested through test/main/marketplace/scrub.test.ts',
    files: ['electron/main/marketplace/key-pieces.ts', 'electron/main/marketplace/key-spellings.ts']
  },
  {
    why: "the client's batched key proof: tested through test/main/marketplace/key-proof.test.ts",
    files: ['electron/main/marketplace/proof-batch.ts']
  },
  {
    why: "settings.json's guard against a folder or pipe: tested through the settings store's tests",
    files: ['electron/main/storage/regular-file.ts']
  },
  {
    why: "the bench's own programs: run by npm run bench; what decides a figure (stats, goals, timers, floors) has its test in test/bench/",
    files: [
      'bench/lib/app-page.ts',
      'bench/lib/browser.ts',
      'bench/lib/context.ts',
      'bench/lib/demo.ts',
      'bench/lib/first-card.ts',
      'bench/lib/floor-build.ts',
      'bench/lib/floor-pages.ts',
      'bench/lib/host-child.ts',
      'bench/lib/host.ts',
      'bench/lib/machine.ts',
      'bench/lib/page-scripts.ts',
      'bench/lib/refresh-over.ts',
      'bench/lib/repeat.ts',
      'bench/lib/table.ts',
      'bench/lib/types.ts',
      'bench/measures/floor-keys.ts',
      'bench/measures/floor-server-child.ts',
      'bench/measures/index.ts',
      'bench/measures/memory.ts',
      'bench/measures/p1-cache-child.ts',
      'bench/measures/p1-cache.ts',
      'bench/measures/p2-search.ts',
      'bench/measures/p2b-keys-syncing.ts',
      'bench/measures/p3-lookup.ts',
      'bench/measures/p4-bulk.ts',
      'bench/measures/p5-bundle.ts',
      'bench/measures/p6-host-child.ts',
      'bench/measures/p6-host-start.ts',
      'bench/measures/p7-loop-child.ts',
      'bench/measures/p7-loop.ts',
      'bench/measures/page-load.ts',
      'bench/run.ts'
    ]
  },
  {
    why: "the demo marketplace's parts: tested through test/demo/ (api-spec, api-real, data, media, scale) over real HTTP",
    files: [
      'electron/demo/catalogue.ts',
      'electron/demo/handler.ts',
      'electron/demo/index.ts',
      'electron/demo/media-dir.ts',
      'electron/demo/pages.ts',
      'electron/demo/params.ts',
      'electron/demo/php-json.ts',
      'electron/demo/random.ts',
      'electron/demo/render-real.ts',
      'electron/demo/render-spec.ts',
      'electron/demo/reply.ts',
      'electron/demo/routes.ts',
      'electron/demo/seed-items.ts',
      'electron/demo/seed.ts',
      'electron/demo/texts.ts',
      'electron/demo/types.ts'
    ]
  },
  {
    why: "the browser host's wiring: tested through test/host/server.test.ts, test/app-over-http/ and the e2e suite",
    files: [
      'electron/host/app-info.ts',
      'electron/host/build-renderer.ts',
      'electron/host/cli.ts',
      'electron/host/host-app.ts',
      'electron/host/http-util.ts',
      'electron/host/launch.ts',
      'electron/host/open-url.ts',
      'electron/host/origin-guard.ts',
      'electron/host/paths.ts'
    ]
  },
  {
    why: 'handlers and the composition root: tested through createApp in test/main/app/ and over HTTP in test/app-over-http/',
    files: [
      'electron/main/app.ts',
      'electron/main/bulk/handlers.ts',
      'electron/main/catalogue/handlers.ts',
      'electron/main/connections/handlers.ts',
      'electron/main/handlers.ts',
      'electron/main/history/handlers.ts',
      'electron/main/homepage.ts',
      'electron/main/index.ts',
      'electron/main/lookup/handlers.ts'
    ]
  },
  {
    why: "small parts of main's services: tested through the service that uses them (test/main/<folder>/) and test/main/app/",
    files: [
      'electron/main/bulk/csv.ts',
      'electron/main/cache/serial.ts',
      'electron/main/catalogue/list-sources.ts',
      'electron/main/catalogue/media-urls.ts',
      'electron/main/catalogue/ports.ts',
      'electron/main/history/csv.ts',
      'electron/main/history/query.ts',
      'electron/main/ipc/external-url.ts',
      'electron/main/ipc/failure.ts',
      'electron/main/ipc/shell-handlers.ts',
      'electron/main/lookup/learn.ts',
      'electron/main/secrets/memory-store.ts',
      'electron/main/secrets/messages.ts',
      'electron/main/secrets/types.ts',
      'electron/main/settings/schema.ts',
      'electron/main/storage/folder-lock.ts',
      'electron/main/util/abortable-sleep.ts',
      'electron/main/util/kind-of.ts',
      'electron/main/window-placement/window-state-file.ts'
    ]
  },
  {
    why: "the item list's parse thread: its entry, its batch, its messages and main's side of a job run as a real worker thread in test/main/marketplace/items-worker/parse-off-main.test.ts (a thread's program cannot be imported into a test as a module: it listens on parentPort)",
    files: [
      'electron/main/marketplace/items-worker/parse-batch.ts',
      'electron/main/marketplace/items-worker/protocol.ts',
      'electron/main/marketplace/items-worker/thread.ts',
      'electron/main/marketplace/items-worker/worker.ts'
    ]
  },
  {
    why: "versioned-file.ts's fast path, whole and in slices: test/main/cache/versioned-file.test.ts and read-list-sliced.test.ts read signed, damaged and other-kind files through it",
    files: ['electron/main/cache/signed-body.ts']
  },
  {
    why: 'parts of the connections service: tested through service.test.ts and test-saved-connection.test.ts',
    files: [
      'electron/main/connections/account-check.ts',
      'electron/main/connections/active-client.ts',
      'electron/main/connections/demo-connection.ts',
      'electron/main/connections/demo-port.ts',
      'electron/main/connections/key-store.ts',
      'electron/main/connections/marketplace-port.ts',
      'electron/main/connections/messages.ts'
    ]
  },
  {
    why: 'Electron glue without logic of its own: tested through window.test.ts, app-protocol.test.ts and security.test.ts',
    files: ['electron/main/glue/schemes.ts', 'electron/main/glue/web-preferences.ts']
  },
  {
    why: 'parts of the marketplace client: tested through client.test.ts, client-demo.test.ts and pacer.test.ts',
    files: [
      'electron/main/marketplace/banned-seller.ts',
      'electron/main/marketplace/errors.ts',
      'electron/main/marketplace/http.ts',
      'electron/main/marketplace/paced-request.ts',
      'electron/main/marketplace/pacer-registry.ts',
      'electron/main/marketplace/retry.ts',
      'electron/main/marketplace/send-budget.ts',
      'electron/main/marketplace/user-agent.ts'
    ]
  },
  {
    why: 'parts of the media cache: tested through media-cache.test.ts, disk-store.test.ts, fetch-media.test.ts and paced-fetch.test.ts',
    files: [
      'electron/main/media/body-guard.ts',
      'electron/main/media/disk-answer.ts',
      'electron/main/media/disk-files.ts',
      'electron/main/media/disk-index.ts',
      'electron/main/media/disk-reader.ts',
      'electron/main/media/downloads.ts',
      'electron/main/media/fetched-answer.ts',
      'electron/main/media/linked-signal.ts',
      'electron/main/media/media-type.ts',
      'electron/main/media/range.ts',
      'electron/main/media/route.ts',
      'electron/main/media/sniff.ts',
      'electron/main/media/types.ts'
    ]
  },
  {
    why: "quick lookup's parts: tested through test/main/quick/service.test.ts and test/main/glue/tray.test.ts",
    files: [
      'electron/main/quick/desktop.ts',
      'electron/main/quick/fresh-verdicts.ts',
      'electron/main/quick/lookup-slots.ts',
      'electron/main/quick/tray-feed.ts',
      'electron/main/quick/tray-menu.ts'
    ]
  },
  {
    why: 'npm start and build tools: run by npm start, npm run build and the e2e host-cli test',
    files: [
      'electron/tools/host-bundle.ts',
      'electron/tools/make-icons.mjs',
      'electron/tools/run-built.mjs',
      'electron/tools/start.mjs'
    ]
  },
  {
    why: "the page's frame and start: tested through App.test.tsx, start.test.ts, bridge.test.ts and the e2e suite",
    files: [
      'renderer/src/frame/ConnectionSwitcher.tsx',
      'renderer/src/frame/FrameSkeleton.tsx',
      'renderer/src/frame/Sidebar.tsx',
      'renderer/src/frame/connection-scope.ts',
      'renderer/src/frame/format-warmer.ts',
      'renderer/src/frame/pending-lookup.ts',
      'renderer/src/frame/shortcuts.ts',
      'renderer/src/main.tsx',
      'renderer/src/quick/route.ts',
      'renderer/src/transport/missing-bridge.ts'
    ]
  },
  {
    why: 'small renderer helpers: tested through the stores and views that use them',
    files: [
      'renderer/src/lib/external.ts',
      'renderer/src/lib/host.ts',
      'renderer/src/lib/save-file.ts',
      'renderer/src/lib/stale-while-revalidate.ts',
      'renderer/src/lib/use-media-query.ts',
      'renderer/src/lib/use-now.ts',
      'renderer/src/lib/verdict.ts',
      'renderer/src/lib/warm-formats.ts'
    ]
  },
  {
    why: 'stores the frame and views share: tested through App.test.tsx and the view tests',
    files: [
      'renderer/src/stores/connections.ts',
      'renderer/src/stores/item-detail.ts',
      'renderer/src/stores/nav.ts'
    ]
  },
  {
    why: 'shared UI pieces: tested through the view tests that draw them and the e2e axe walk of every screen',
    files: [
      'renderer/src/ui/Badge.tsx',
      'renderer/src/ui/Button.tsx',
      'renderer/src/ui/Chip.tsx',
      'renderer/src/ui/CodeField.tsx',
      'renderer/src/ui/KeyField.tsx',
      'renderer/src/ui/SafeHtml.tsx',
      'renderer/src/ui/SearchField.tsx',
      'renderer/src/ui/Skeleton.tsx',
      'renderer/src/ui/Spinner.tsx',
      'renderer/src/ui/States.tsx',
      'renderer/src/ui/Toaster.tsx',
      'renderer/src/ui/VerdictBadge.tsx',
      'renderer/src/ui/ViewHeader.tsx',
      'renderer/src/ui/error-copy.ts',
      'renderer/src/ui/toast.ts'
    ]
  },
  {
    why: 'a part of the account view: tested through AccountView.test.tsx (test/renderer/views/account/) and the end-to-end walks',
    files: [
      'renderer/src/views/account/AccountPage.tsx',
      'renderer/src/views/account/AccountSkeleton.tsx',
      'renderer/src/views/account/social.ts'
    ]
  },
  {
    why: 'a part of the connect view: tested through ConnectView.test.tsx (test/renderer/views/connect/) and the end-to-end walks',
    files: [
      'renderer/src/views/connect/ConnectForm.tsx',
      'renderer/src/views/connect/KeySteps.tsx',
      'renderer/src/views/connect/connect-errors.ts'
    ]
  },
  {
    why: 'a part of the history view: tested through HistoryView.test.tsx (test/renderer/views/history/) and the end-to-end walks',
    files: [
      'renderer/src/views/history/HistoryCells.tsx',
      'renderer/src/views/history/HistoryRow.tsx',
      'renderer/src/views/history/HistoryTable.tsx',
      'renderer/src/views/history/use-row-anchor.ts'
    ]
  },
  {
    why: 'a part of the items view: tested through ItemsView and ItemDetailView.test.tsx (test/renderer/views/items/) and the end-to-end walks',
    files: [
      'renderer/src/views/items/ItemCard.tsx',
      'renderer/src/views/items/ItemFacts.tsx',
      'renderer/src/views/items/ItemRow.tsx',
      'renderer/src/views/items/ItemThumb.tsx',
      'renderer/src/views/items/ItemsNotices.tsx',
      'renderer/src/views/items/ItemsSkeleton.tsx',
      'renderer/src/views/items/ItemsToolbar.tsx',
      'renderer/src/views/items/KeepOffline.tsx',
      'renderer/src/views/items/MediaViewer.tsx',
      'renderer/src/views/items/OpenById.tsx',
      'renderer/src/views/items/layout.ts'
    ]
  },
  {
    why: 'a part of the settings view: tested through SettingsView.test.tsx (test/renderer/views/settings/) and the end-to-end walks',
    files: [
      'renderer/src/views/settings/CacheSection.tsx',
      'renderer/src/views/settings/ConnectionRow.tsx',
      'renderer/src/views/settings/ConnectionsSection.tsx',
      'renderer/src/views/settings/EditConnectionForm.tsx',
      'renderer/src/views/settings/QuickLookupSection.tsx',
      'renderer/src/views/settings/StorageSection.tsx',
      'renderer/src/views/settings/ThemeSection.tsx'
    ]
  },
  {
    why: 'a part of the validate view: tested through ValidateView and BulkView.test.tsx (test/renderer/views/validate/) and the end-to-end walks',
    files: [
      'renderer/src/views/validate/BulkCountdown.tsx',
      'renderer/src/views/validate/BulkInput.tsx',
      'renderer/src/views/validate/BulkProgress.tsx',
      'renderer/src/views/validate/BulkResults.tsx',
      'renderer/src/views/validate/BulkSummary.tsx',
      'renderer/src/views/validate/BulkTabs.tsx',
      'renderer/src/views/validate/CodeScanNote.tsx',
      'renderer/src/views/validate/LastKnown.tsx',
      'renderer/src/views/validate/RecentLookups.tsx',
      'renderer/src/views/validate/SampleCodes.tsx',
      'renderer/src/views/validate/ValidateError.tsx',
      'renderer/src/views/validate/VerdictCard.tsx',
      'renderer/src/views/validate/support.ts'
    ]
  },
  {
    why: "types, schemas and constants: checked by the compiler and through the contract's users (test/main/ipc/, test/host/rpc-route.test.ts)",
    files: [
      'shared/error-kinds.ts',
      'shared/errors.ts',
      'shared/ipc/api.ts',
      'shared/ipc/channels.ts',
      'shared/ipc/contract.ts',
      'shared/ipc/schemas.ts',
      'shared/item-summary.ts',
      'shared/item-query.ts',
      'shared/media-url.ts',
      'shared/model.ts'
    ]
  }
]

function sourcesUnder(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...sourcesUnder(path))
    else if (SOURCE.test(entry.name) && !DECLARATION.test(entry.name))
      out.push(path.split(sep).join('/'))
  }
  return out
}

/** Where a source file's own test belongs, without its extension. */
function mirrorOf(file: string): string {
  const [src, test] = MIRRORS.find(([src]) => file.startsWith(`${src}/`))!
  return join(test, relative(src, file)).replace(SOURCE, '')
}

const hasOwnTest = (file: string): boolean =>
  ['.test.ts', '.test.tsx'].some((ext) => existsSync(join(ROOT, mirrorOf(file) + ext)))

const sources = MIRRORS.flatMap(([src]) => sourcesUnder(src))
const allowed = ALLOWED.flatMap((group) => group.files)

describe('the test tree mirrors the source', () => {
  it('every source file has its test at the mirrored path, or says where it is tested', () => {
    const untested = sources.filter((f) => !hasOwnTest(f) && !allowed.includes(f))
    expect(untested.map((f) => `${f}: no ${mirrorOf(f)}.test.ts`)).toEqual([])
  })

  it('lists no file twice, none that is gone, and none that has its own test now', () => {
    expect(allowed.filter((f, i) => allowed.indexOf(f) !== i)).toEqual([])
    expect(allowed.filter((f) => !sources.includes(f))).toEqual([])
    expect(allowed.filter(hasOwnTest)).toEqual([])
  })
})
