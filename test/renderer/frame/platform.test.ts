import { beforeEach, describe, expect, it } from 'vitest'
import {
  ariaShortcut,
  learnPlatform,
  shortcutLabel,
  usePlatform
} from '../../../renderer/src/frame/platform'
import { installFakeBridge, ok, resetStores } from '../fake-bridge'

// The keys are named as the seller's system names them, learnt from main's answer (not from
// Node, which the page never has, nor from the browser's guess).

beforeEach(() => resetStores())

const info = (platform: string) =>
  ok({ name: 'Seller Desk', version: '0.1.0', transport: 'electron' as const, platform })

describe('platform', () => {
  it('is macOS when main says darwin, and asks main once', async () => {
    const bridge = installFakeBridge({ getAppInfo: async () => info('darwin') })
    expect(usePlatform.getState().mac).toBe(false)
    await learnPlatform()
    await learnPlatform()
    expect(usePlatform.getState().mac).toBe(true)
    expect(bridge.getAppInfo).toHaveBeenCalledTimes(1)
  })

  it('is not macOS on Windows or Linux, nor when main cannot answer', async () => {
    installFakeBridge({ getAppInfo: async () => info('win32') })
    await learnPlatform()
    expect(usePlatform.getState().mac).toBe(false)
    resetStores()
    installFakeBridge({ getAppInfo: async () => Promise.reject(new Error('gone')) })
    await learnPlatform()
    expect(usePlatform.getState().mac).toBe(false)
  })

  it('names a key in each notation', () => {
    expect(shortcutLabel('K', true)).toBe('⌘K')
    expect(shortcutLabel('K', false)).toBe('Ctrl+K')
    expect(ariaShortcut('/', true)).toBe('Meta+/')
    expect(ariaShortcut('1', false)).toBe('Control+1')
  })
})
