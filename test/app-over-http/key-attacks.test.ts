import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ACCOUNT, ITEM, PURCHASE, type Fixture } from '../support/marketplace-fixture'
import { requestsWithKey, startKeyHost, startMarket, type KeyHost } from '../support/hostile-market'
import { filesUnder } from '../support/secret-scan'
import { dataOf, startDurableHost } from '../support/durable-host'

// Attacks on the key through the real browser host over HTTP (token in hand, as a
// compromised page or anyone holding the host's address has it), the real keychain, and
// marketplaces of the tests' own on 127.0.0.1.

const KEY = 'a1b2c3d4'.repeat(8)
// A key as some marketplaces issue them: `+ / =` differ in every encoding.
const PLUS_KEY = 'sd+Live/9fQ2xW7mK4pR8tY1=vB3nZ6cH0jL5aE/+Q=='

/** Every spelling of `key` an echo might take: as is, either case, URL- and form-encoded. */
function spellings(key: string): string[] {
  const url = encodeURIComponent(key)
  const form = new URLSearchParams({ k: key }).toString().slice(2)
  const forms = [key, url, form, url.toLowerCase(), key.toUpperCase(), key.toLowerCase()]
  return [...new Set(forms)]
}

/** The spellings of `key`, or of a 12-character piece of it, that `text` holds. */
function leaks(text: string, key: string): string[] {
  const found: string[] = []
  for (const form of spellings(key)) {
    if (text.includes(form)) found.push(form)
    for (let i = 0; i + 12 <= form.length; i += 4)
      if (text.includes(form.slice(i, i + 12))) found.push(`piece of ${form}`)
  }
  return found
}

async function dataFolderLeaks(dataDir: string, key: string): Promise<string[]> {
  const hits: string[] = []
  for (const file of await filesUnder(dataDir)) {
    const text = await readFile(file, 'utf8').catch(() => '')
    if (leaks(text, key).length > 0) hits.push(file)
  }
  return hits
}

const open: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close()
})

async function markets(n: number, shape?: Parameters<typeof startMarket>[0]): Promise<Fixture[]> {
  const out: Fixture[] = []
  for (let i = 0; i < n; i++) {
    const m = await startMarket(shape)
    open.push(m)
    out.push(m)
  }
  return out
}

async function keyHost(): Promise<KeyHost> {
  const h = await startKeyHost()
  open.push(h)
  return h
}

async function bulkToEnd(h: KeyHost, text: string): Promise<unknown> {
  const started = await h.rpc('startBulk', { text })
  expect(started.ok).toBe(true)
  const { jobId } = started.data as { jobId: string }
  for (;;) {
    const job = await h.rpc('getBulk', { jobId })
    const data = job.data as { state: string }
    if (data.state === 'done' || data.state === 'cancelled') return data
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('origin-bound keys', () => {
  it('a saved key is never sent to another origin: moving there needs the key typed again', async () => {
    const [honest, hostile] = await markets(2)
    const h = await keyHost()
    const added = await h.rpc('addConnection', { baseUrl: honest!.url, apiKey: KEY })
    expect(added.ok).toBe(true)
    const id = (added.data as { id: string; keyStorage: string }).id
    expect((added.data as { keyStorage: string }).keyStorage).toBe('keychain')

    const moved = await h.rpc('updateConnection', { id, baseUrl: hostile!.url })
    expect(moved).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
    expect(moved.error?.message).toMatch(/Enter the API key for 127\.0\.0\.1:\d+/)
    expect(hostile!.requests).toEqual([])

    // Nothing moved: test, refresh and a bulk check still go to the saved origin only.
    const listed = await h.rpc('listConnections')
    expect(listed.data).toMatchObject({ connections: [{ id, baseUrl: honest!.url }] })
    expect(await h.rpc('testConnection', { id })).toMatchObject({ ok: true })
    expect(await h.rpc('getAccount', { refresh: true })).toMatchObject({ ok: true })
    expect(await bulkToEnd(h, PURCHASE.purchase_code)).toMatchObject({ state: 'done', done: 1 })
    expect(hostile!.requests).toEqual([])
    expect(requestsWithKey(honest!, KEY).length).toBeGreaterThan(0)

    // A sub-folder of the same origin keeps the saved key.
    const sub = await h.rpc('updateConnection', { id, baseUrl: `${honest!.url}/shop` })
    expect(sub).toMatchObject({ ok: true, data: { baseUrl: `${honest!.url}/shop` } })

    // With the key typed, the move is checked with that key, and the saved one stays home.
    const typed = 'e'.repeat(64)
    const withKey = await h.rpc('updateConnection', { id, baseUrl: hostile!.url, apiKey: typed })
    expect(withKey).toMatchObject({ ok: true, data: { baseUrl: hostile!.url } })
    expect(requestsWithKey(hostile!, KEY)).toEqual([])
    expect(requestsWithKey(hostile!, typed).length).toBeGreaterThan(0)
  })
})

describe('a hand-edited settings.json', () => {
  it('cannot send the saved key elsewhere: the key is bound to its origin in the keychain', async () => {
    const [honest, hostile] = await markets(2)
    const h = await startDurableHost()
    open.push({ close: () => h.dispose() })
    const added = dataOf(
      await h.rpc<{ id: string }>('addConnection', { baseUrl: honest!.url, apiKey: KEY })
    )
    const { default: keytar } = await import('keytar')
    const entry = await keytar.getPassword(h.keychainService, added.id)
    expect(JSON.parse(entry!)).toEqual({ sealed: 1, origin: honest!.url, key: KEY })

    // Another program rewrites the address in the data folder, then the app starts again.
    await h.host.close()
    const file = join(h.dataDir, 'settings.json')
    const settings = JSON.parse(await readFile(file, 'utf8')) as {
      connections: Array<{ baseUrl: string }>
    }
    settings.connections[0]!.baseUrl = hostile!.url
    await writeFile(file, JSON.stringify(settings))
    await h.restart()

    const account = await h.rpc('getAccount', { refresh: true })
    const check = await h.rpc('validatePurchase', { code: PURCHASE.purchase_code })
    const test = await h.rpc('testConnection', { id: added.id })
    for (const answer of [account, check, test]) expect(JSON.stringify(answer)).not.toContain(KEY)
    expect(check).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
    expect(check.ok === false && check.error.message).toMatch(
      /The saved API key belongs to 127\.0\.0\.1:\d+, but this connection now points at 127\.0\.0\.1:\d+/
    )
    expect(requestsWithKey(hostile!, KEY)).toEqual([])
    // The address put back, the key works again.
    await h.host.close()
    settings.connections[0]!.baseUrl = honest!.url
    await writeFile(file, JSON.stringify(settings))
    await h.restart()
    expect(await h.rpc('validatePurchase', { code: PURCHASE.purchase_code })).toMatchObject({
      ok: true
    })
  })

  it('binds a key saved before keys were bound to the address it is used with', async () => {
    const [honest] = await markets(1)
    const h = await startDurableHost()
    open.push({ close: () => h.dispose() })
    const added = dataOf(
      await h.rpc<{ id: string }>('addConnection', { baseUrl: honest!.url, apiKey: KEY })
    )
    const { default: keytar } = await import('keytar')
    // As an older Seller Desk wrote it: the bare key.
    await keytar.setPassword(h.keychainService, added.id, KEY)
    await h.restart()
    expect(await h.rpc('validatePurchase', { code: PURCHASE.purchase_code })).toMatchObject({
      ok: true
    })
    expect(JSON.parse((await keytar.getPassword(h.keychainService, added.id))!)).toMatchObject({
      origin: honest!.url,
      key: KEY
    })
  })
})

describe('keys echoed in answers', () => {
  it('are masked in every answer before it is cached, recorded, exported or sent to the page', async () => {
    const form = (k: string): string => new URLSearchParams({ k }).toString().slice(2)
    const [echo] = await markets(1, {
      account: (k) => ({
        ...ACCOUNT,
        name: { firstname: 'Ada', lastname: k, full_name: `Ada ${k}` },
        username: encodeURIComponent(k),
        profile: {
          ...ACCOUNT.profile,
          heading: form(k),
          description: `<p>Key: ${k.toUpperCase()}</p>`
        }
      }),
      item: (k) => ({
        ...ITEM,
        name: `Kit ${k}`,
        description: `<p>${encodeURIComponent(k).toLowerCase()}</p>`,
        options: { [k]: form(k) },
        tags: `admin,${k}`
      }),
      purchase: (k) => ({
        ...PURCHASE,
        license_type: k,
        item: { ...ITEM, name: `Kit ${k}` }
      })
    })
    const h = await keyHost()
    const answers: string[] = []
    answers.push(await h.rpcText('testConnection', { baseUrl: echo!.url, apiKey: PLUS_KEY }))
    const added = await h.rpc('addConnection', { baseUrl: echo!.url, apiKey: PLUS_KEY })
    expect(added.ok).toBe(true)
    answers.push(await h.rpcText('getAccount', { refresh: true }))
    answers.push(await h.rpcText('listItems', { refresh: true }))
    answers.push(await h.rpcText('getItem', { id: ITEM.id, refresh: true }))
    answers.push(await h.rpcText('validatePurchase', { code: PURCHASE.purchase_code }))
    answers.push(JSON.stringify(await bulkToEnd(h, PURCHASE.purchase_code)))
    answers.push(await h.rpcText('listHistory', { limit: 50 }))
    answers.push(await h.rpcText('exportHistoryCsv'))
    // Cached copies, served without asking the marketplace.
    answers.push(await h.rpcText('getAccount'))
    answers.push(await h.rpcText('listItems'))

    // The echo really happened, and the answers still carry the fields around it.
    expect(requestsWithKey(echo!, PLUS_KEY).length).toBeGreaterThan(0)
    expect(answers.join('\n')).toContain('Ada')
    expect(answers.join('\n')).toContain('Kit ')
    for (const text of answers) expect(leaks(text, PLUS_KEY), text.slice(0, 200)).toEqual([])
    await h.host.close()
    expect(await dataFolderLeaks(h.dataDir, PLUS_KEY)).toEqual([])
  })

  it('in error texts and logs are masked in every spelling', async () => {
    const [echo] = await markets(1, {
      other: (req, res) => {
        const k =
          req.url.searchParams.get('api_key') ?? new URLSearchParams(req.body).get('api_key') ?? ''
        const echoed = `${encodeURIComponent(k)} ${new URLSearchParams({ k }).toString()} ${k.toUpperCase()}`
        if (req.url.pathname.endsWith('/api/purchases/validation')) {
          // Shown to the seller as the marketplace's own words.
          res.writeHead(404, { 'Content-Type': 'application/json' })
          res.end(JSON.stringify({ status: 'error', msg: `Invalid purchase code for ${echoed}` }))
          return true
        }
        if (req.url.pathname.endsWith('/api/items/item')) {
          // A site in debug mode: its exception details go to the log.
          res.writeHead(500, { 'Content-Type': 'application/json' })
          res.end(
            JSON.stringify({ message: `Query failed for ${echoed}`, exception: 'QueryException' })
          )
          return true
        }
        return false
      }
    })
    const h = await keyHost()
    const logged: string[] = []
    const warn = vi.spyOn(console, 'warn').mockImplementation((...a: unknown[]) => {
      logged.push(a.map(String).join(' '))
    })
    try {
      expect((await h.rpc('addConnection', { baseUrl: echo!.url, apiKey: PLUS_KEY })).ok).toBe(true)
      const verdict = await h.rpcText('validatePurchase', { code: PURCHASE.purchase_code })
      expect(JSON.parse(verdict)).toMatchObject({ ok: true, data: { valid: false } })
      expect(verdict).toContain('Invalid purchase code for')
      expect(leaks(verdict, PLUS_KEY)).toEqual([])
      const item = await h.rpcText('getItem', { id: 7, refresh: true })
      expect(JSON.parse(item)).toMatchObject({ ok: false })
      expect(leaks(item, PLUS_KEY)).toEqual([])
    } finally {
      warn.mockRestore()
    }
    expect(logged.join('\n')).toContain('Query failed for')
    expect(leaks(logged.join('\n'), PLUS_KEY)).toEqual([])
  })
})

describe('limits agree', () => {
  it('an address the form accepts but settings could not hold is refused before the key is sent', async () => {
    const [market] = await markets(1)
    const h = await keyHost()
    // 2048 characters as typed, longer once normalised (each é becomes %C3%A9).
    const prefix = `${market!.url}/`
    const typed = prefix + 'é'.repeat(2048 - prefix.length)
    expect(typed.length).toBe(2048)
    const added = await h.rpc('addConnection', { baseUrl: typed, apiKey: KEY })
    expect(added).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
    expect(added.error?.message).toMatch(/too long/)
    expect(market!.requests).toEqual([])

    // And the same for a connection's new address.
    const ok = await h.rpc('addConnection', { baseUrl: market!.url, apiKey: KEY })
    const id = (ok.data as { id: string }).id
    const before = market!.requests.length
    const moved = await h.rpc('updateConnection', { id, baseUrl: typed, apiKey: KEY })
    expect(moved).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
    expect(market!.requests.length).toBe(before)
  })
})

describe('CSV exports', () => {
  it('guard formula cells for spreadsheets that split on commas and on semicolons', async () => {
    const [market] = await markets(1, {
      purchase: () => ({
        ...PURCHASE,
        license_type: '=1+1',
        item: { ...ITEM, name: 'Kit x;@SUM(1)' }
      })
    })
    const h = await keyHost()
    expect((await h.rpc('addConnection', { baseUrl: market!.url, apiKey: KEY })).ok).toBe(true)
    expect((await h.rpc('validatePurchase', { code: PURCHASE.purchase_code })).ok).toBe(true)
    const job = (await bulkToEnd(h, PURCHASE.purchase_code)) as { jobId: string }
    const history = await h.rpc('exportHistoryCsv')
    const bulk = await h.rpc('exportBulkCsv', { jobId: job.jobId })
    for (const answer of [history, bulk]) {
      expect(answer.ok).toBe(true)
      const csv = (answer.data as { csv: string }).csv
      // The hostile values really are in the export, guarded.
      expect(csv).toContain(`"'Kit x;'@SUM(1)"`)
      expect(csv).toContain(`'=1+1`)
      // Read as a spreadsheet would, split on commas or on semicolons, no cell is a formula.
      for (const line of csv.split('\r\n'))
        for (const cell of [...line.split(','), ...line.split(';')])
          expect(cell.replace(/^"/, ''), line).not.toMatch(/^[=+@]/)
    }
  })
})
