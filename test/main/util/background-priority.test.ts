import os from 'node:os'
import { describe, expect, it, vi } from 'vitest'
import { lowerThisThreadPriority } from '../../../electron/main/util/background-priority'

// The real call, in a real worker thread, is checked through /proc in
// test/main/marketplace/items-worker/parse-off-main.test.ts.
describe('lowerThisThreadPriority', () => {
  it('asks Linux for the lowest priority of the calling thread', () => {
    const setPriority = vi.fn()
    expect(lowerThisThreadPriority('linux', setPriority)).toBe(true)
    expect(setPriority).toHaveBeenCalledWith(0, os.constants.priority.PRIORITY_LOW)
  })

  it.each(['darwin', 'win32'] as const)(
    'leaves %s alone, where it would lower the whole app',
    (platform) => {
      const setPriority = vi.fn()
      expect(lowerThisThreadPriority(platform, setPriority)).toBe(false)
      expect(setPriority).not.toHaveBeenCalled()
    }
  )

  it('carries on at the usual priority when the system refuses', () => {
    const refused = (): void => {
      throw Object.assign(new Error('EACCES'), { code: 'EACCES' })
    }
    expect(lowerThisThreadPriority('linux', refused)).toBe(false)
  })
})
