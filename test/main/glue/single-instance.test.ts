import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  claimSingleInstance,
  focusWindow,
  lockDataFolderOrQuit
} from '../../../electron/main/glue/single-instance'
import {
  INSTANCE_HEADER,
  LOCK_FILE,
  lockDataFolder,
  type FolderLock
} from '../../../electron/main/storage/folder-lock'

// The desktop side of "one writer per data folder" (issue 13, real-installs §7): Electron's own
// single-instance lock between desktop launches, and the data-folder lock the browser
// host also takes. Driven through the faked 'electron' module, without the binary.

const fake = await vi.hoisted(async () => {
  const electron = (await import('./fakes')).createElectronFake()
  const state = { granted: true, quit: 0, dialogs: [] as Array<{ title: string; text: string }> }
  Object.assign(electron.app, {
    requestSingleInstanceLock: () => state.granted,
    quit: () => {
      state.quit++
    }
  })
  electron.module['dialog'] = {
    showErrorBox: (title: string, text: string) => state.dialogs.push({ title, text })
  }
  return { electron, state }
})
vi.mock('electron', () => fake.electron.module)

let dir: string
const locks: FolderLock[] = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seller-desk-glue-lock-'))
  fake.state.granted = true
  fake.state.quit = 0
  fake.state.dialogs.length = 0
  fake.electron.app.listeners.clear()
})
afterEach(async () => {
  for (const l of locks.splice(0)) await l.release()
  await rm(dir, { recursive: true, force: true })
})

describe('claimSingleInstance', () => {
  it('hands a second launch’s argv to the running instance', () => {
    const heard: string[][] = []
    expect(claimSingleInstance((argv) => heard.push(argv))).toBe(true)
    fake.electron.app.emit('second-instance', {}, ['seller-desk', 'sellerdesk://item/42'], '/home')
    expect(heard).toEqual([['seller-desk', 'sellerdesk://item/42']])
  })

  it('tells a second launch to quit, and listens for nothing then', () => {
    fake.state.granted = false
    expect(claimSingleInstance(() => undefined)).toBe(false)
    expect(fake.electron.app.listeners.get('second-instance')).toBeUndefined()
  })
})

describe('focusWindow', () => {
  it('restores a minimised window and focuses it', () => {
    const calls: string[] = []
    const win = {
      isMinimized: () => true,
      restore: () => calls.push('restore'),
      focus: () => calls.push('focus')
    }
    focusWindow(win as never)
    expect(calls).toEqual(['restore', 'focus'])
  })
})

describe('lockDataFolderOrQuit', () => {
  it('says the browser host holds the folder, with its address, and quits', async () => {
    // A browser host that answers at its address as the lock's own instance.
    let instance = ''
    const host = createServer((_req, res) => {
      res.setHeader(INSTANCE_HEADER, instance)
      res.end()
    })
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
    const address = `http://127.0.0.1:${(host.address() as AddressInfo).port}`
    try {
      const held = await lockDataFolder(dir, { kind: 'browser', address })
      instance = held.instance
      locks.push(held)
      expect(await lockDataFolderOrQuit(dir)).toBeNull()
    } finally {
      host.close()
    }
    expect(fake.state.dialogs).toEqual([
      {
        title: 'Seller Desk is already running',
        text:
          `Seller Desk is already running at ${address}: open the address it printed in its terminal, or stop it there (Ctrl+C) first. ` +
          `(If no Seller Desk is running, delete ${join(dir, LOCK_FILE)} and start again.)`
      }
    ])
    expect(fake.state.quit).toBe(1)
  })

  it('takes a free folder, which a browser host then cannot take', async () => {
    const lock = await lockDataFolderOrQuit(dir)
    expect(lock).not.toBeNull()
    locks.push(lock!)
    expect(fake.state.quit).toBe(0)
    await expect(lockDataFolder(dir, { kind: 'browser', address: null })).rejects.toThrow(
      'Seller Desk is already running as the desktop app on this data folder'
    )
    await lock!.release()
    locks.push(await lockDataFolder(dir, { kind: 'browser', address: null }))
  })
})
