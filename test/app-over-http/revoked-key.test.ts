import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../electron/demo'
import { startKeyHost, type KeyHost } from '../support/hostile-market'

// The seller regenerates the API key on the marketplace's site while Seller Desk still holds
// the old one: through the real browser host, the real keychain and the demo marketplace in
// real-install mode (a refused key answers validation as "Invalid purchase code").

const open: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close()
})

async function connected(): Promise<{ demo: DemoServer; h: KeyHost }> {
  const demo = await startDemoServer({
    mode: 'real',
    rateLimit: { limit: 10_000, windowMs: 60_000 }
  })
  open.push(demo)
  const h = await startKeyHost()
  open.push(h)
  const added = await h.rpc('addConnection', { baseUrl: demo.baseUrl, apiKey: demo.apiKey })
  expect(added.ok, JSON.stringify(added)).toBe(true)
  return { demo, h }
}

describe('a key revoked on the marketplace', () => {
  it('turns no buyer\'s good code into "Not valid": the check says the key was refused', async () => {
    const { demo, h } = await connected()
    const before = await h.rpc('validatePurchase', { code: demo.sampleCodes.valid })
    expect(before).toMatchObject({ ok: true, data: { valid: true } })

    // Regenerated on the site: the saved key is now a stranger's.
    demo.data.seller.key = randomBytes(32).toString('hex')
    const account = await h.rpc('getAccount', { refresh: true })
    expect(JSON.stringify(account)).toMatch(/refused/)

    for (const code of [demo.sampleCodes.noSupport, demo.sampleCodes.valid]) {
      const check = await h.rpc('validatePurchase', { code })
      expect(check.ok, `${code}: ${JSON.stringify(check)}`).toBe(false)
      expect(check.error?.kind).toBe('unauthorized')
      expect(check.error?.message).toMatch(/^Not checked: the marketplace refused the API key/)
      expect(check.error?.message).toMatch(/Replace API key/)
    }
    // Nothing recorded a verdict the marketplace did not give.
    const history = await h.rpc('listHistory', {})
    expect(JSON.stringify(history)).not.toMatch(/"valid":false/)
  })

  it('a bulk run after the key was revoked checks nothing and costs one extra request', async () => {
    const { demo, h } = await connected()
    expect((await h.rpc('validatePurchase', { code: demo.sampleCodes.valid })).ok).toBe(true)
    demo.data.seller.key = randomBytes(32).toString('hex')
    const from = demo.requests.length
    const codes = [demo.sampleCodes.valid, demo.sampleCodes.expired, demo.sampleCodes.noSupport]
    const started = await h.rpc('startBulk', { text: codes.join('\n') })
    expect(started.ok, JSON.stringify(started)).toBe(true)
    const { jobId } = started.data as { jobId: string }
    let job: { state: string; results: Array<{ status: string; errorKind: string | null }> }
    for (;;) {
      job = (await h.rpc('getBulk', { jobId })).data as typeof job
      if (job.state === 'done') break
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(job.results.map((r) => [r.status, r.errorKind])).toEqual(
      codes.map(() => ['error', 'unauthorized'])
    )
    const paths = demo.requests.slice(from).map((r) => r.path.split('/api/')[1])
    expect(paths.filter((p) => p === 'purchases/validation')).toHaveLength(3)
    // One check of the key (the account read, then the catalogue a banned seller still sees).
    expect(paths.filter((p) => p !== 'purchases/validation').length).toBeLessThanOrEqual(2)
  })
})
