import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { launchHost, type RunningHost } from '../../electron/host/launch'
import { FolderInUse, LOCK_FILE } from '../../electron/main/storage/folder-lock'
import { rpcRequest } from '../support/harness-http'
import { dataOf, startDurableHost, type DurableHost } from '../support/durable-host'
import { startFaultyMarket, type FaultyMarket } from '../support/faulty-market'
import { spawnNode, type Spawned } from '../support/harness-process'

// Issue 13, real-installs §7: two instances on one data folder overwrote each other (a connection
// added in one was lost when the other saved the theme). One writer per folder.

let host: DurableHost | null = null
let market: FaultyMarket | null = null
const spawned: Spawned[] = []
afterEach(async () => {
  for (const s of spawned.splice(0)) await s.stop()
  await host?.dispose()
  await market?.close()
  host = market = null
})

type State = { connections: Array<{ baseUrl: string }> }

describe('one writer per data folder', () => {
  it('refuses a second host on the folder, so a connection added in the first is kept', async () => {
    market = await startFaultyMarket([1, 2])
    host = await startDurableHost()
    const baseUrlBefore = host.host.server.baseUrl
    // A second launch on the same folder, as a desktop app and a browser host would be.
    const second = await launchHost({ dataDir: host.dataDir, port: 0 }).catch((e: unknown) => e)
    if (second instanceof FolderInUse) {
      dataOf(await host.rpc('addConnection', { baseUrl: market.baseUrl, apiKey: market.key }))
    } else {
      // Both run: the second reads the settings, the seller adds a connection in the
      // first, then changes the theme in the second.
      const other = second as RunningHost
      const call = (method: string, body?: unknown) =>
        rpcRequest(other.server.port, method, other.server.token, body)
      await call('getSettings')
      dataOf(await host.rpc('addConnection', { baseUrl: market.baseUrl, apiKey: market.key }))
      await call('setTheme', { theme: 'dark' })
      await other.close()
    }
    await host.restart()
    const state = dataOf(await host.rpc<State>('listConnections'))
    expect(state.connections.map((c) => c.baseUrl)).toEqual([market.baseUrl])
    expect(second).toBeInstanceOf(FolderInUse)
    expect((second as FolderInUse).message).toBe(
      `Seller Desk is already running at ${baseUrlBefore}: open the address it printed in its terminal, or stop it there (Ctrl+C) first. ` +
        `(If no Seller Desk is running, delete ${join(host.dataDir, LOCK_FILE)} and start again.)`
    )
  })

  it('npm run start:web names the running host and exits non-zero', async () => {
    host = await startDurableHost()
    // As `npm run start:web` runs it: the built host (out/host/cli.mjs).
    const cli = spawnNode([
      'electron/tools/run-built.mjs',
      'cli',
      '--no-open',
      '--data-dir',
      host.dataDir
    ])
    spawned.push(cli)
    expect(await cli.exited).not.toBe(0)
    expect(cli.output()).toContain(`Seller Desk is already running at ${host.host.server.baseUrl}`)
    expect(cli.output()).not.toMatch(/^Seller Desk: /m)
    // The running host is untouched: its lock still names it.
    const lock = JSON.parse(await readFile(join(host.dataDir, LOCK_FILE), 'utf8')) as {
      pid: number
      holder: { address: string }
    }
    expect(lock).toMatchObject({ pid: process.pid, holder: { address: host.host.server.baseUrl } })
  })

  it('takes over the lock of a Seller Desk that died without letting go', async () => {
    host = await startDurableHost()
    const { dataDir } = host
    await host.host.close()
    // A process that has ended: its pid names nobody now.
    const child = spawn(process.execPath, ['-e', ''])
    const pid = child.pid!
    await new Promise((resolve) => child.once('exit', resolve))
    await writeFile(
      join(dataDir, LOCK_FILE),
      JSON.stringify({
        pid,
        instance: 'killed',
        startedAt: new Date().toISOString(),
        holder: { kind: 'browser', address: 'http://127.0.0.1:1' }
      })
    )
    host.host = await launchHost({ dataDir, port: 0, keychainService: host.keychainService })
    dataOf(await host.rpc('getSettings'))
    // Closing lets go of the folder: the lock file is gone.
    await host.host.close()
    await expect(readFile(join(dataDir, LOCK_FILE))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('takes over a lock whose pid now belongs to another, live program (reused after a crash)', async () => {
    host = await startDurableHost()
    const { dataDir } = host
    await host.host.close()
    // A live process that is not Seller Desk, as a pid reused after a crash would be.
    const stranger = spawn('sleep', ['30'])
    try {
      for (const lock of [
        // A browser host's lock: its address no longer answers as that instance.
        { holder: { kind: 'browser', address: 'http://127.0.0.1:1' } },
        // A desktop app's lock: the process under that pid started at another time.
        { holder: { kind: 'desktop' }, processStartedAt: Date.now() - 3_600_000 }
      ]) {
        await writeFile(
          join(dataDir, LOCK_FILE),
          JSON.stringify({
            pid: stranger.pid,
            instance: 'crashed',
            startedAt: new Date().toISOString(),
            ...lock
          })
        )
        host.host = await launchHost({ dataDir, port: 0, keychainService: host.keychainService })
        dataOf(await host.rpc('getSettings'))
        await host.host.close()
      }
    } finally {
      stranger.kill()
    }
  })

  it("still refuses while the lock's browser host answers as itself", async () => {
    host = await startDurableHost()
    const lock = JSON.parse(await readFile(join(host.dataDir, LOCK_FILE), 'utf8')) as {
      holder: { address: string }
    }
    const answer = await fetch(lock.holder.address, { method: 'HEAD' })
    expect(answer.headers.get('x-seller-desk-instance')).toMatch(/^[0-9a-f-]{36}$/)
    await expect(launchHost({ dataDir: host.dataDir, port: 0 })).rejects.toBeInstanceOf(FolderInUse)
  })
})
