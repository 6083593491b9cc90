/**
 * Node's options for a process that runs main's services in plain Node: `npm start`'s
 * browser fallback and `npm run start:web` (package.json puts them on the `node` command
 * line, the only place they take effect), and the bench's hosts, which must run as those do.
 *
 * `--v8-pool-size=0` lets Node size V8's helper threads (the collector's, the optimising
 * compiler's) to the cores less one, instead of a fixed four. They run at normal priority:
 * on a 2-core machine four of them, busy collecting during a 100,000-item refresh, kept
 * main waiting for a core (P7 90-122 ms; with one helper 35-49 ms, docs/performance.md).
 * With one core left to main, a keystroke's answer is not queued behind the collector.
 */
export const HOST_NODE_FLAGS: readonly string[] = ['--v8-pool-size=0']
