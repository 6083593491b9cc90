import { existsSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { readFile, utimes, writeFile, mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { mediaKey } from '../../electron/main/media/disk-index'
import { mediaKeyUrl } from '../../electron/main/media/registry'
import type { ConnectionsState, HistoryEntry } from '../../shared/ipc/contract'
import { rawRequest } from '../support/harness-http'
import { dataOf, startDurableHost, type DurableHost } from '../support/durable-host'
import { startFaultyMarket, type FaultyMarket } from '../support/faulty-market'

// Issue 13, real-installs §8: damage stays local. One bad part of a file costs that part only.

let host: DurableHost | null = null
const markets: FaultyMarket[] = []
afterEach(async () => {
  await host?.dispose()
  for (const m of markets.splice(0)) await m.close()
  host = null
})

const market = async (ids: number[]): Promise<FaultyMarket> => {
  const m = await startFaultyMarket(ids)
  markets.push(m)
  return m
}

const stored = (h: DurableHost, url: string): boolean =>
  existsSync(join(h.dataDir, 'media', `${mediaKey(mediaKeyUrl(url)!)}.bin`))

const mediaGet = (h: DurableHost, url: string) =>
  rawRequest({
    port: h.host.server.port,
    path: `/media?u=${encodeURIComponent(url)}&t=${h.host.server.mediaToken}`
  })

describe('damage stays local', () => {
  it('a folder or a named pipe where settings.json should be: the host answers and names it', async () => {
    for (const kind of ['folder', 'pipe'] as const) {
      const [a] = [await market([1])]
      host = await startDurableHost()
      await host.host.close()
      const file = join(host.dataDir, 'settings.json')
      if (kind === 'folder') await mkdir(file)
      else execFileSync('mkfifo', [file])
      await host.restart()
      // A pipe opened for reading used to wait for a writer forever: every call hung.
      const state = dataOf(await host.rpc<ConnectionsState>('listConnections'))
      expect(state.connections).toEqual([])
      expect(state.settingsNotice, kind).toContain(file)
      const added = await host.rpc('addConnection', { baseUrl: a!.baseUrl, apiKey: a!.key })
      expect(added.ok, kind).toBe(false)
      if (!added.ok) {
        expect(added.error.message, kind).toContain(file)
        expect(added.error.message, kind).toMatch(kind === 'folder' ? /is a folder/ : /pipe/)
      }
      // Nothing was written over it.
      expect((await stat(file)).isFile(), kind).toBe(false)
      await host.dispose()
      host = null
    }
  })

  it('drops only the invalid connection in settings.json, and says so', async () => {
    const [a, b] = [await market([1, 2]), await market([3, 4])]
    host = await startDurableHost()
    dataOf(await host.rpc('addConnection', { baseUrl: a.baseUrl, apiKey: a.key, label: 'Shop A' }))
    dataOf(await host.rpc('addConnection', { baseUrl: b.baseUrl, apiKey: b.key, label: 'Shop B' }))
    await host.host.close()
    const file = join(host.dataDir, 'settings.json')
    const settings = JSON.parse(await readFile(file, 'utf8')) as {
      connections: Array<Record<string, unknown>>
    }
    settings.connections[1]!['baseUrl'] = 42 // one damaged entry
    await writeFile(file, JSON.stringify(settings))

    await host.restart()
    const state = dataOf(await host.rpc<ConnectionsState>('listConnections'))
    expect(state.connections.map((c) => c.label)).toEqual(['Shop A'])
    expect(state.settingsNotice).toMatch(/^One saved connection could not be read/)
    // The surviving connection still works with its key from the keychain.
    dataOf(await host.rpc('setActiveConnection', { id: state.connections[0]!.id }))
    const items = dataOf(
      await host.rpc<{ data: { items: unknown[] } }>('listItems', { refresh: true })
    )
    expect(items.data.items).toHaveLength(2)
  })

  it('rebuilds a damaged media index from the files, "Keep offline" files included', async () => {
    const m = await market([1, 2, 3])
    host = await startDurableHost()
    dataOf(await host.rpc('addConnection', { baseUrl: m.baseUrl, apiKey: m.key }))
    dataOf(await host.rpc('listItems', { refresh: true }))
    const thumb = m.mediaUrl('/m/thumb-1.png')
    const preview = m.mediaUrl('/m/preview-2.png')
    await expect.poll(() => stored(host!, thumb), { timeout: 10_000 }).toBe(true)
    dataOf(await host.rpc('keepMediaOffline', { url: preview }))
    await host.host.close()

    await writeFile(join(host.dataDir, 'media', 'index.json'), '{"format":1,"kind":"media-in')
    await m.close()
    markets.length = 0
    await host.restart()
    // Offline now: both come from the files on disk.
    const answer = await mediaGet(host, thumb)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('image/png')
    expect(dataOf(await host.rpc('getMediaOffline', { url: preview }))).toMatchObject({
      kept: true
    })
    expect((await mediaGet(host, preview)).status).toBe(200)
  })

  it('keeps history lines it cannot read, and sweeps stale temp files in the root and history', async () => {
    const m = await market([1, 2])
    host = await startDurableHost()
    const added = dataOf(
      await host.rpc<{ id: string }>('addConnection', { baseUrl: m.baseUrl, apiKey: m.key })
    )
    await host.host.close()

    const entry: HistoryEntry = {
      code: '3f2a9c1e-8b7d-4e6f-a5b4-c3d2e1f0a9b8',
      valid: false,
      checkedAt: '2026-11-20T10:00:00.000Z',
      message: 'Invalid purchase code',
      license: null,
      itemId: null,
      itemName: null,
      supportedUntil: null,
      price: null,
      currency: null,
      downloaded: null,
      flag: null
    }
    // A line a newer Seller Desk wrote (format 2), one of ours, and one torn by a crash.
    const newer = JSON.stringify({ v: 2, e: { ...entry, verdictV2: 'refunded' } })
    const historyDir = join(host.dataDir, 'history')
    await mkdir(historyDir, { recursive: true })
    const historyFile = join(historyDir, `${added.id}.jsonl`)
    await writeFile(historyFile, `${newer}\n${JSON.stringify({ v: 1, e: entry })}\n{"v":1,"e":{"co`)
    // Temp files of writers killed an hour ago: settings.json's (root) and history's.
    const stale = [
      join(host.dataDir, '.settings.json.99999.0123456789ab.tmp'),
      join(historyDir, `.${added.id}.jsonl.99999.0123456789ab.tmp`)
    ]
    const hourAgo = new Date(Date.now() - 3_600_000)
    for (const f of stale) {
      await writeFile(f, 'half a write')
      await utimes(f, hourAgo, hourAgo)
    }

    await host.restart()
    dataOf(await host.rpc('listConnections'))
    const history = dataOf(await host.rpc<{ entries: HistoryEntry[] }>('listHistory'))
    // Swept first: these hold nothing anyone will read.
    for (const f of stale) expect(existsSync(f), f).toBe(false)
    expect(history.entries.map((e) => e.code)).toEqual([entry.code])
    expect((await readFile(historyFile, 'utf8')).split('\n')).toContain(newer)
  })
})
