import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BulkJob } from '../../../shared/ipc/contract'
import { BulkRunner } from '../../../electron/main/bulk/runner'
import { startDemoServer, type DemoServer } from '../../../electron/demo'
import { HistoryStore } from '../../../electron/main/history/history-store'
import { createPurchaseCheck } from '../../../electron/main/lookup/purchase-check'
import { createFreshVerdicts } from '../../../electron/main/quick/fresh-verdicts'
import { createMarketplaceClient } from '../../../electron/main/marketplace/client'
import { createPacer } from '../../../electron/main/marketplace/pacer'
import type { FetchLike } from '../../../electron/main/marketplace/http'

describe('bulk validation against a rate-limited real-mode demo', () => {
  let demo: DemoServer
  let dataDir: string
  beforeAll(async () => {
    // A real install's limit, shrunk from 60 a minute to 20 per 3 s so the test is short.
    demo = await startDemoServer({
      mode: 'real',
      port: 0,
      rateLimit: { limit: 20, windowMs: 3000 }
    })
    dataDir = await mkdtemp(join(tmpdir(), 'sd-bulk-'))
  })
  afterAll(async () => {
    await demo.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('checks 100 codes with zero 429s and reports every one', { timeout: 120_000 }, async () => {
    const statuses: number[] = []
    let keyChecks = 0
    const counting: FetchLike = async (input, init) => {
      const res = await fetch(input, init)
      if (String(input).includes('/account/details')) keyChecks++
      else statuses.push(res.status)
      return res
    }
    // The window is not in any header: the pacer is told it, as the app would be for a site.
    const client = createMarketplaceClient({
      baseUrl: demo.baseUrl,
      apiKey: demo.apiKey,
      fetch: counting,
      pacer: createPacer({ windowMs: 3000 })
    })
    const history = new HistoryStore({ dataDir, log: { warn: () => {} } })
    const runner = new BulkRunner({ concurrency: 4 })
    const lookups = createPurchaseCheck({
      history,
      learn: async () => {},
      media: { allow: () => {} },
      fresh: createFreshVerdicts()
    })

    const known = demo.data.purchases.map((p) => p.code)
    const codes = [
      ...known,
      ...Array.from({ length: Math.max(0, 100 - known.length) }, () => randomUUID())
    ].slice(0, 100)
    expect(codes).toHaveLength(100)
    const pasted = codes.map((c, i) => (i % 2 === 0 ? c.toUpperCase() : ` "${c}" `)).join('\n')

    const { jobId, codes: parsed } = runner.start(pasted, {
      check: (code, signal) => lookups.check('c1', client, code, { kind: 'bulk', signal }),
      throttledUntil: () => client.pacer.state().throttledUntil
    })
    expect(parsed).toEqual(codes)

    // Pacing under the limit is progress: the job never says the marketplace made it wait.
    let sawWait = false
    let paced = false
    let job: BulkJob = runner.get(jobId)
    while (job.state === 'running') {
      await new Promise((r) => setTimeout(r, 100))
      job = runner.get(jobId)
      if (job.waitingUntil !== null) sawWait = true
      if (client.pacer.state().waitingUntil !== null) paced = true
    }

    expect(job.state).toBe('done')
    expect(job.done).toBe(100)
    expect(statuses.filter((s) => s === 429)).toEqual([])
    expect(statuses).toHaveLength(100)
    // A "not valid" is believed only with a proof of the key sent after it: valid answers
    // prove it for free, and one account read covers every answer waiting on it.
    expect(keyChecks).toBeGreaterThan(0)
    expect(keyChecks).toBeLessThanOrEqual(25)
    const active = new Set(
      demo.data.purchases.filter((p) => p.state === 'active').map((p) => p.code)
    )
    expect(active.size).toBeGreaterThan(0)
    for (const r of job.results) {
      expect(r.status, r.code).toBe(active.has(r.code) ? 'valid' : 'not-valid')
    }
    // The pacer did hold requests back (100 codes, 20 per 3 s), and the job called it progress.
    expect(paced).toBe(true)
    expect(sawWait).toBe(false)
    expect((await history.list('c1')).total).toBe(100)
  })
})
