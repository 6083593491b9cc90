/**
 * warm-fetch.test.ts's child: a fresh process, where nothing has loaded Node's HTTP client
 * yet. Prints whether it is loaded before warmFetchSoon, in the same turn, and a turn later.
 */
import { warmFetchSoon } from '../../../electron/main/util/warm-fetch'

// Node's own list of the built-in modules it has loaded (not in its type declarations).
const loadList = (): string[] => (process as unknown as { moduleLoadList: string[] }).moduleLoadList
const loaded = (): boolean => loadList().some((m) => m.includes('undici'))
const before = loaded()
warmFetchSoon()
const sameTurn = loaded()
setImmediate(() => {
  setImmediate(() => {
    process.stdout.write(`${JSON.stringify({ before, sameTurn, after: loaded() })}\n`)
  })
})
