import { describe, expect, it } from 'vitest'
import { ownPeakRssBytes, vmHwmBytes } from '../../../bench/lib/peak-rss'

const status = [
  'Name:\tnode',
  'VmPeak:\t 1234567 kB',
  'VmHWM:\t  250000 kB',
  'VmRSS:\t  200000 kB'
].join('\n')

describe('ownPeakRssBytes', () => {
  it("reads the process's own high-water mark, in bytes", () => {
    expect(vmHwmBytes(status)).toBe(250000 * 1024)
    expect(
      ownPeakRssBytes(
        () => status,
        () => 999_999
      )
    ).toBe(250000 * 1024)
  })

  it('falls back to maxRSS (KiB) without /proc or without the line', () => {
    expect(
      ownPeakRssBytes(
        () => null,
        () => 300
      )
    ).toBe(300 * 1024)
    expect(
      ownPeakRssBytes(
        () => 'VmRSS:\t 1 kB',
        () => 300
      )
    ).toBe(300 * 1024)
    expect(vmHwmBytes('VmHWMx: 5 kB')).toBeNull()
  })
})
