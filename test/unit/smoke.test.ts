import { describe, expect, it } from 'vitest'
import { dispatch } from '../../electron/main/ipc/dispatch'
import { createHandlers } from '../../electron/main/handlers'

describe('dispatch', () => {
  const handlers = createHandlers({ appInfo: { name: 'Seller Desk', version: '9.9.9', platform: 'linux' }, transport: 'browser' })

  it('answers getAppInfo', async () => {
    const r = await dispatch(handlers, 'getAppInfo', undefined)
    expect(r).toEqual({ ok: true, data: { name: 'Seller Desk', version: '9.9.9', platform: 'linux', transport: 'browser' } })
  })

  it('refuses an unknown method and a malformed request with invalid-input', async () => {
    expect(await dispatch(handlers, 'deleteEverything', {})).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
    expect(await dispatch(handlers, 'setTheme', { theme: 'neon' })).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
    expect(await dispatch(handlers, 'setTheme', 'x'.repeat(10))).toMatchObject({ ok: false, error: { kind: 'invalid-input' } })
  })
})
