import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// The test tree mirrors the source: a file's test sits at the same path under test/
// (electron/main/x/y.ts -> test/main/x/y.test.ts, renderer/src/x/Y.tsx ->
// test/renderer/x/Y.test.tsx). Three projects:
// - node: everything without a browser, in parallel: main, host, shared, the whole app over
//   the host's HTTP (test/app-over-http), bench and repo-level checks;
// - jsdom: renderer components and stores (test/renderer);
// - e2e: the renderer in real Chromium through the browser host (test/e2e), as many files
//   at once as maxWorkers, each worker with one Chromium, and the other tests in Chromium
//   (IN_CHROMIUM).
// Tests outside test/e2e that drive real Chromium (the bench's floor and key timer, the shared Chromium
// flags): run with e2e, so the node project (and `npm run test:unit`) never needs a browser.
const IN_CHROMIUM = [
  'test/bench/measures/floor.test.ts',
  'test/bench/lib/timed-key.test.ts',
  'test/support/chromium.test.ts'
]

export default defineConfig({
  test: {
    // Three at once on two cores: an end-to-end file waits on Chromium and the host, and
    // some wait out a slowed marketplace or a timer, so two left a core idle at times
    // (docs/performance.md, "The test suite").
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/renderer/**', 'test/e2e/**', ...IN_CHROMIUM],
          // A worker runs its files one after another in one process; each file still
          // imports the app's own modules afresh (test/support/fresh-app-modules.ts). A
          // process per file cost about half of this project's CPU, in starting Node and
          // importing the same packages again.
          isolate: false,
          setupFiles: ['test/support/fresh-app-modules.ts'],
          testTimeout: 30_000
        }
      },
      {
        plugins: [react()],
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          // As node: one process per worker, the app's modules fresh for every file (a
          // process and a jsdom import per file were two thirds of this project's CPU).
          isolate: false,
          setupFiles: ['test/support/fresh-app-modules.ts', 'test/renderer/setup.ts'],
          testTimeout: 20_000
        }
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          // Each end-to-end file imports the host, the demo marketplace and Playwright: with
          // a fresh module graph per file that import cost as much as the shorter files'
          // tests. A worker imports them once and keeps one Chromium (test/e2e/harness.ts);
          // every harness still gets its own host, data folder, keychain service and browser
          // context.
          isolate: false,
          include: ['test/e2e/**/*.test.ts', ...IN_CHROMIUM],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll gives up after 1 s by default, while a locator waits 30 s: on a busy
          // machine a state behind an HTTP round trip and a render can take longer than 1 s.
          expect: { poll: { timeout: 10_000 } }
        }
      }
    ]
  }
})
