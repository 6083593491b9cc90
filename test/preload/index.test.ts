import { describe, expect, it, vi } from 'vitest'
import { BRIDGE_GLOBAL } from '../../shared/ipc/api'
import { channelMethods, channels } from '../../shared/ipc/channels'

// The preload is the page's only way to main: one object of named methods, each forwarding a
// plain request over its contract channel and handing back main's Result, nothing else.
// Electron is faked: a contextBridge that records what is exposed, an ipcRenderer whose
// invoke records the channel and request.

const electron = vi.hoisted(() => {
  const exposed = new Map<string, unknown>()
  const invoked: Array<{ channel: string; request: unknown }> = []
  return {
    exposed,
    invoked,
    module: {
      contextBridge: {
        exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api)
      },
      ipcRenderer: {
        invoke: async (channel: string, request: unknown) => {
          invoked.push({ channel, request })
          return { ok: true, data: { channel } }
        }
      }
    }
  }
})
vi.mock('electron', () => electron.module)
await import('../../electron/preload/index')

const bridge = electron.exposed.get(BRIDGE_GLOBAL) as Record<string, unknown>

describe('the preload bridge', () => {
  it('exposes one object, with a function per contract method and mediaUrl, nothing else', () => {
    expect([...electron.exposed.keys()]).toEqual([BRIDGE_GLOBAL])
    expect(Object.keys(bridge).sort()).toEqual([...channelMethods, 'mediaUrl'].sort())
    for (const value of Object.values(bridge)) expect(typeof value).toBe('function')
  })

  it("forwards a request on the method's own channel and hands back main's Result", async () => {
    const call = bridge['setTheme'] as (request: unknown) => Promise<unknown>
    expect(await call({ theme: 'dark' })).toEqual({
      ok: true,
      data: { channel: channels.setTheme }
    })
    expect(electron.invoked.at(-1)).toEqual({
      channel: channels.setTheme,
      request: { theme: 'dark' }
    })
  })

  it('sends no request for a method that takes none', async () => {
    await (bridge['getAppInfo'] as () => Promise<unknown>)()
    expect(electron.invoked.at(-1)).toEqual({ channel: channels.getAppInfo, request: undefined })
  })

  it("turns a marketplace address into main's media route, never the address itself", () => {
    const url = (bridge['mediaUrl'] as (u: string) => string)('https://market.test/a b.jpg')
    expect(url).toBe(`sd-media://media/?u=${encodeURIComponent('https://market.test/a b.jpg')}`)
  })
})
