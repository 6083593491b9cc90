import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { format } from 'node:util'
import keytar from 'keytar'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startDemoServer, type DemoServer } from '../../electron/demo'
import { startHarness } from './harness'
import { rpcRequest } from '../support/harness-http'
import { filesHolding, filesUnder, secretForms, textHolding } from '../support/secret-scan'
import { savedKey } from '../support/keychain-entry'

// The API key is a password: it lives in the system keychain and nowhere else. After a
// realistic session, no file in the data folder and no line of console output holds it.

/** Everything this process prints while `run` goes on: console calls and raw stdout/stderr writes. */
function captureOutput(): { lines: string[]; stop(): void } {
  const lines: string[] = []
  const spies = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(format(...args))
    })
  )
  const writes = [process.stdout, process.stderr].map((stream) => {
    const original = stream.write.bind(stream)
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
      return (original as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest)
    }) as typeof stream.write
    return () => {
      stream.write = original
    }
  })
  return {
    lines,
    stop() {
      for (const s of spies) s.mockRestore()
      for (const restore of writes) restore()
    }
  }
}

describe('The API key', () => {
  const cleanups: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {})
    cleanups.length = 0
  })

  it('the leak check finds a key wherever it is written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seller-desk-leak-check-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const key = 'ab'.repeat(32)
    await writeFile(join(dir, 'clean.json'), '{"baseUrl":"https://x.example"}')
    expect(await filesHolding(dir, [key])).toEqual([])
    for (const [i, form] of secretForms(key).entries()) {
      await writeFile(join(dir, `leak-${i}.bin`), Buffer.concat([Buffer.from([0, 1, 2]), form]))
    }
    expect((await filesHolding(dir, [key])).sort()).toEqual(
      ['leak-0.bin', 'leak-1.bin', 'leak-2.bin', 'leak-3.bin'].sort()
    )
    expect(textHolding(`token=${key.toUpperCase()}`, [key])).toEqual([key])
  })

  it('every end-to-end test is swept: the harness refuses to close over a leaked key', async () => {
    const h = await startHarness({ demo: true })
    await h.page.getByTestId('balance').waitFor()
    // The built-in demo is seeded the same way every time: this is the key the app holds.
    const demo = await startDemoServer({ mode: 'spec' })
    await demo.close()
    await writeFile(join(h.dataDir, 'leaked.txt'), `key=${demo.apiKey}`)
    await expect(h.close({ failed: false })).rejects.toThrow(/leaked into data folder: leaked\.txt/)
  })

  it('stays out of the data folder and the console through a whole session', async () => {
    const market: DemoServer = await startDemoServer({ mode: 'real' })
    cleanups.push(() => market.close())
    const dataDir = await mkdtemp(join(tmpdir(), 'seller-desk-leak-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const output = captureOutput()
    cleanups.push(async () => output.stop())
    const secrets = [market.apiKey, market.buyerKey]
    console.warn('[leak-check] capturing output')
    expect(output.lines).toContain('[leak-check] capturing output')

    const h = await startHarness({ dataDir })
    const { page } = h
    const connect = async (key: string): Promise<void> => {
      await page.getByLabel('Marketplace URL').fill(market.baseUrl)
      await page.getByLabel('API key', { exact: true }).fill(key)
      await page.getByRole('button', { name: 'Test and save' }).click()
    }

    // A wrong key, then a buyer's key (not saved), then the seller's key.
    await page.getByRole('heading', { name: 'Connect your marketplace' }).waitFor()
    await connect('0'.repeat(64))
    await page.getByRole('alert').getByText('The marketplace refused this key').waitFor()
    await connect(market.buyerKey)
    await page.getByRole('alert').getByRole('button', { name: 'Save anyway' }).waitFor()
    await connect(market.apiKey)
    await page.getByTestId('balance').waitFor()

    // Validate a good and a bad code.
    await page.keyboard.press('Control+K')
    const field = page.getByLabel('Purchase code', { exact: true })
    await field.fill(market.sampleCodes.valid)
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Valid · support active', exact: true }).waitFor()
    await field.fill(market.sampleCodes.invalid)
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Not valid', exact: true }).waitFor()

    // Browse the items and open one, media included.
    await page.keyboard.press('Control+2')
    await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor()
    const firstCard = page.locator('[role="listitem"] button').first()
    await firstCard.waitFor()
    await firstCard.click()
    await page.getByRole('button', { name: 'Back' }).waitFor()
    await page.locator('img').first().waitFor()

    // Settings, then the seller edits the connection's label.
    await page.keyboard.press('Control+5')
    await page.getByRole('heading', { name: 'What is stored where' }).waitFor()
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click()
    await page.getByRole('button', { name: 'Save', exact: true }).click()

    // The key did its work: it is in the keychain and the marketplace was called with it.
    const port = Number(new URL(h.host.baseUrl).port)
    const listed = JSON.parse(
      (await rpcRequest(port, 'listConnections', h.token, undefined, { Origin: h.host.baseUrl }))
        .body
    ) as { data: { connections: { id: string }[] } }
    expect(listed.data.connections).toHaveLength(1)
    const id = listed.data.connections[0]?.id ?? ''
    expect(savedKey(await keytar.getPassword(h.keychainService, id))).toBe(market.apiKey)
    const used = market.requests.filter(
      (r) => r.query['api_key'] === market.apiKey || r.body.includes(market.apiKey)
    )
    expect(used.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/account/details',
        '/api/items/all',
        '/api/purchases/validation'
      ])
    )

    expect(textHolding(await page.content(), secrets)).toEqual([])
    // Stop the app so every pending write reaches the disk before the folder is read.
    await h.host.stop()
    await h.close()
    output.stop()

    const files = await filesUnder(dataDir)
    // The folder the app really wrote: settings, the catalogue cache, media, the lookup history.
    const names = files.map((f) => relative(dataDir, f))
    expect(names).toContain('settings.json')
    for (const folder of ['cache/', 'history/', 'media/'])
      expect(names.some((n) => n.startsWith(folder))).toBe(true)
    expect(await filesHolding(dataDir, secrets)).toEqual([])
    expect(textHolding(h.consoleLines.join('\n'), secrets)).toEqual([])
    expect(textHolding(output.lines.join('\n'), secrets)).toEqual([])
  })
})
