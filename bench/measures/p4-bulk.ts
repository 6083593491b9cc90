import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { startDemoServer } from '../../electron/demo'
import { dispatch } from '../../electron/main/ipc/dispatch'
import { createBenchApp } from '../lib/host'
import { getPacer } from '../../electron/main/marketplace/pacer-registry'
import { createMemorySecretStore } from '../../electron/main/secrets/memory-store'
import { contract } from '../../shared/ipc/contract'
import { timing } from '../lib/stats'
import type { Measure } from '../lib/types'

const CODES = 100
const LIMIT = 60
const VALIDATION_PATH = '/api/purchases/validation'
const POLL_MS = 50

export const p4Bulk: Measure = {
  id: 'p4',
  title: `Bulk: ${CODES} codes against the real-mode rate limit`,
  async run(ctx) {
    const windowMs = ctx.options.fullLimit ? 60_000 : 6_000
    const demo = await startDemoServer({
      mode: 'real',
      size: ctx.options.size,
      rateLimit: { limit: LIMIT, windowMs },
      port: 0
    })
    ctx.defer(() => demo.close())
    // The pacer cannot learn a window from headers; a real install's is a minute (its
    // default). For the scaled run it is told the scaled window, as it would be told 60 s.
    if (windowMs !== 60_000) getPacer(demo.baseUrl, { limit: LIMIT, windowMs })

    const dataDir = await ctx.tempDir('p4')
    const app = await createBenchApp(dataDir, createMemorySecretStore())
    ctx.defer(() => app.close())
    const added = await dispatch(app.handlers, 'addConnection', {
      label: 'Bench real-mode demo',
      baseUrl: demo.baseUrl,
      apiKey: demo.apiKey
    })
    if (!added.ok)
      throw new Error(`could not connect to the real-mode demo: ${added.error.message}`)
    const known = demo.data.purchases.slice(0, CODES).map((p) => p.code)
    const codes = [...known, ...Array.from({ length: CODES - known.length }, () => randomUUID())]
    const logged = (): number => demo.requests.filter((r) => r.path === VALIDATION_PATH).length

    const totals: number[] = []
    const lookups: number[] = []
    let sent = 0
    let rejected = 0
    let errors = 0
    let valid = 0
    const runs = ctx.runs(ctx.options.fullLimit ? 1 : 3)
    const timedLookup = async (): Promise<number> => {
      const t = performance.now()
      const r = await dispatch(app.handlers, 'validatePurchase', { code: known[0]! })
      if (!r.ok) throw new Error(`the single lookup during the run failed: ${r.error.message}`)
      return performance.now() - t
    }
    for (let i = 0; i < runs; i++) {
      // Connecting, or the previous run, spent requests of the current window: start on a fresh one.
      await sleep(windowMs + 500)
      const sentBefore = logged()
      const t0 = performance.now()
      const started = await dispatch(app.handlers, 'startBulk', { text: codes.join('\n') })
      if (!started.ok) throw new Error(`the bulk check did not start: ${started.error.message}`)
      const { jobId, total } = contract.startBulk.response.parse(started.data)
      if (total !== CODES) throw new Error(`the bulk check took ${total} codes, not ${CODES}`)
      let job = null
      // Halfway through the first window the bulk work has spent its share of it: the
      // seller pastes one code into the lookup, as they would while the bulk check runs.
      let lookup: Promise<number> | null = null
      for (;;) {
        if (lookup === null && performance.now() - t0 >= windowMs / 2) lookup = timedLookup()
        const r = await dispatch(app.handlers, 'getBulk', { jobId })
        if (!r.ok) throw new Error(`polling the bulk check failed: ${r.error.message}`)
        job = contract.getBulk.response.parse(r.data)
        if (job.state !== 'running') break
        await sleep(POLL_MS)
      }
      totals.push(performance.now() - t0)
      if (lookup === null) throw new Error('the bulk check ended before the single lookup was made')
      lookups.push(await lookup)
      if (job.state !== 'done') throw new Error(`the bulk check ended ${job.state}`)
      // The single lookup is one more answered validation request.
      const thisRun = logged() - sentBefore - 1
      // Every code that got an answer got exactly one non-429 answer; every other request was a 429.
      const answered = job.results.filter(
        (r) =>
          r.status === 'valid' ||
          r.status === 'not-valid' ||
          (r.status === 'error' && r.errorKind !== 'rate-limited')
      ).length
      sent += thisRun
      rejected += thisRun - answered
      errors += job.results.filter((r) => r.status === 'error').length
      valid = job.results.filter((r) => r.status === 'valid').length
    }
    const minimumMs = (Math.ceil(CODES / LIMIT) - 1) * windowMs
    const total = timing(`total: start -> all ${CODES} checked`, totals)
    const lookup = timing('a single lookup made halfway through the first window', lookups)
    return {
      figures: [
        total,
        lookup,
        {
          label: `minimum the limit allows (${LIMIT} per ${windowMs / 1000} s, fixed window)`,
          unit: 'ms',
          value: minimumMs
        },
        {
          label: `validation requests the demo received (${runs} runs)`,
          unit: 'count',
          value: sent
        },
        {
          label: `429 answers (requests - answered codes, demo log; ${runs} runs)`,
          unit: 'count',
          value: rejected
        },
        { label: `codes ending in an error (${runs} runs)`, unit: 'count', value: errors }
      ],
      ratios: [
        { label: 'total / minimum (p50)', value: total.p50! / minimumMs, unit: 'x' },
        { label: 'time over the minimum (p50)', value: total.p50! - minimumMs, unit: 'ms' }
      ],
      notes: [
        windowMs === 60_000
          ? `Full real-install limit: ${LIMIT} requests per 60 s.`
          : `Scaled limit: ${LIMIT} requests per ${windowMs / 1000} s (the real 60 per 60 s would take ~100 s; run with --full-limit for it). The pacer was told the scaled window; a lookup that waits for the pacer would wait ten times as long under the real minute.`,
        `Each run starts on a fresh rate window. Through createApp's handlers (startBulk, then getBulk polled every ${POLL_MS} ms, as the renderer does), no browser. ${valid} codes valid, ${CODES - valid - errors} not valid (refunded, cancelled, unknown). The pacer lets bulk work spend all of a window but a small reserve (3 of 60) for the seller's own lookups, which the single lookup uses.`
      ]
    }
  }
}
