import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { guardCrashes, rendererGoneLine } from '../../../electron/main/logs/crash-guard'

describe('crashes', () => {
  it('logs an uncaught error in main and offers a restart once', () => {
    const proc = new EventEmitter()
    const logged: string[] = []
    const offers: string[] = []
    guardCrashes({
      on: (e, l) => proc.on(e, l),
      log: { error: (m, d) => logged.push(`${m}: ${(d as Error).message}`) },
      offerRestart: (m) => offers.push(m)
    })
    proc.emit('uncaughtException', new Error('boom\nat somewhere'))
    proc.emit('unhandledRejection', new Error('again'))
    expect(logged).toEqual([
      'Uncaught error in the main process: boom\nat somewhere',
      'Unhandled rejection in the main process: again'
    ])
    expect(offers).toEqual([
      'Seller Desk met an unexpected error (boom). Restart it to be safe: nothing saved is lost.'
    ])
  })

  it('has one line for a window that died, and none for one that closed normally', () => {
    expect(rendererGoneLine('crashed')).toBe(
      'The Seller Desk window crashed and was reloaded; nothing saved was lost.'
    )
    expect(rendererGoneLine('oom')).toMatch(/ran out of memory/)
    expect(rendererGoneLine('clean-exit')).toBeNull()
  })
})
