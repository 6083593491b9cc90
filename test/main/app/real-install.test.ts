import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Result } from '../../../shared/errors'
import { createApp, type SellerDeskApp } from '../../../electron/main/app'
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../../electron/demo'
import { dispatch } from '../../../electron/main/ipc/dispatch'
import { createMemorySecretStore } from '../../../electron/main/secrets/memory-store'
import { data } from '../../support/results'

// The demo in 'real' mode answers as a real install (real-installs §15, 18).
const quiet = { warn: () => undefined, error: () => undefined }
const appInfo = { name: 'Seller Desk', version: '0.1.0', platform: 'linux' }
const cleanups: Array<() => Promise<void>> = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setUp(
  options: DemoServerOptions
): Promise<{ demo: DemoServer; call: (m: string, r?: unknown) => Promise<Result<unknown>> }> {
  const demo = await startDemoServer({ mode: 'real', port: 0, ...options })
  cleanups.push(() => demo.close())
  const dataDir = await mkdtemp(join(tmpdir(), 'sd-real-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const app: SellerDeskApp = await createApp({
    dataDir,
    transport: 'browser',
    appInfo,
    secretStore: createMemorySecretStore(),
    log: quiet
  })
  cleanups.push(() => app.close())
  return { demo, call: (method, request) => dispatch(app.handlers, method, request, quiet) }
}

type ItemsAnswer = { data: { items: Array<{ id: number }>; listProblem: string | null } }

describe('against a real install', () => {
  it('a shop with one item: not-a-seller unless saved anyway, then items by id', async () => {
    const { demo, call } = await setUp({ catalogue: 'single' })
    const refused = await call('addConnection', { baseUrl: demo.baseUrl, apiKey: demo.apiKey })
    expect(refused).toMatchObject({ ok: false, error: { kind: 'not-a-seller' } })
    data(
      await call('addConnection', {
        baseUrl: demo.baseUrl,
        apiKey: demo.apiKey,
        allowNoItems: true
      })
    )
    const empty = data<ItemsAnswer>(await call('listItems'))
    expect(empty.data).toMatchObject({ items: [], listProblem: 'empty-or-single' })
    const onlyId = demo.data.items[0]!.id
    data(await call('getItem', { id: onlyId }))
    const listed = data<ItemsAnswer>(await call('listItems', { refresh: true }))
    expect(listed.data.listProblem).toBe('empty-or-single')
    expect(listed.data.items.map((i) => i.id)).toEqual([onlyId])
  })

  it('a list broken by an item without sub-category: server-data-fault and single reads', async () => {
    const { demo, call } = await setUp({ missingSubCategory: true })
    // The 500 on the list shows a seller with a data fault, not a buyer.
    data(await call('addConnection', { baseUrl: demo.baseUrl, apiKey: demo.apiKey }))
    const healthy = demo.data.items.find((i) => i.sub_category !== null)!.id
    data(await call('getItem', { id: healthy }))
    const answer = data<ItemsAnswer>(await call('listItems'))
    expect(answer.data.listProblem).toBe('server-data-fault')
    expect(answer.data.items.map((i) => i.id)).toEqual([healthy])
  })

  it('a 503 or a cut-off answer on the list is named as such, never as a data fault', async () => {
    const { demo, call } = await setUp({})
    data(await call('addConnection', { baseUrl: demo.baseUrl, apiKey: demo.apiKey }))
    for (const fault of [
      { type: 'status', status: 503, body: 'html' } as const,
      { type: 'truncate' } as const
    ]) {
      demo.faults.inject(fault, { path: '/api/items/all' })
      const answer = await call('listItems', { refresh: true })
      demo.faults.clear()
      const text = JSON.stringify(answer)
      expect(text, fault.type).not.toContain('server-data-fault')
      expect(text, fault.type).not.toMatch(/sub-category/)
      expect(answer, fault.type).toMatchObject({
        ok: false,
        error: { kind: fault.type === 'status' ? 'server' : 'bad-response' }
      })
      if (fault.type === 'status') expect(text).toMatch(/HTTP 503/)
    }
  })
})
