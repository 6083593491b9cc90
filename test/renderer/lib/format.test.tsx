import { describe, expect, it, vi } from 'vitest'
import {
  formatBytes,
  formatBytesOf,
  formatCompactTime,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatRelative
} from '../../../renderer/src/lib/format'

// jsdom reports navigator.language as en-US, so the expected strings are en-US ones.
describe('formatMoney', () => {
  it('formats with the currency and two decimals, hiding float artefacts', () => {
    expect(formatMoney(21.099999999999998, 'USD')).toBe('$21.10')
    expect(formatMoney(120, 'USD')).toBe('$120.00')
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50')
  })

  it('uses a true minus sign for negative amounts', () => {
    expect(formatMoney(-12.4, 'USD')).toBe('\u2212$12.40')
  })

  it('falls back to a plain number when the currency is null or unusable', () => {
    expect(formatMoney(12.4, null)).toBe('12.40')
    expect(formatMoney(-3, null)).toBe('\u22123.00')
    expect(formatMoney(5, 'not a code')).toBe('5.00')
  })

  it('accepts a lower-case code', () => {
    expect(formatMoney(5, 'usd')).toBe('$5.00')
  })

  it('shows a dash for a value that is not a number', () => {
    expect(formatMoney(Number.NaN, 'USD')).toBe('—')
  })

  it('formats a price once, kept apart by amount, currency and locale', () => {
    const parts = vi.spyOn(Intl.NumberFormat.prototype, 'formatToParts')
    const language = vi.spyOn(navigator, 'language', 'get')
    try {
      expect(formatMoney(7.25, 'USD')).toBe('$7.25')
      expect(formatMoney(7.25, 'USD')).toBe('$7.25')
      expect(parts).toHaveBeenCalledTimes(1)
      expect(formatMoney(7.25, 'EUR')).toBe('€7.25')
      expect(formatMoney(7.25, null)).toBe('7.25')
      expect(formatMoney(7.5, 'USD')).toBe('$7.50')
      language.mockReturnValue('de-DE')
      expect(formatMoney(7.25, 'EUR')).toBe('7,25\u00a0€')
    } finally {
      parts.mockRestore()
      language.mockRestore()
    }
  })
})

describe('formatCount', () => {
  it("groups a count in the seller's locale", () => {
    expect(formatCount(10_000)).toBe('10,000')
    expect(formatCount(1)).toBe('1')
    const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE')
    try {
      expect(formatCount(100_000)).toBe('100.000')
    } finally {
      language.mockRestore()
    }
  })
})

describe('dates', () => {
  it('formats a server timestamp with microseconds', () => {
    expect(formatDate('2024-03-02T14:05:51.000000Z')).toBe('Mar 2, 2024')
  })

  it('formats a date once, kept apart by locale, and an unreadable one as a dash each time', () => {
    // `format` is a getter (it hands out a bound function): each formatting reads it once.
    const prototype = Intl.DateTimeFormat.prototype as unknown as { readonly format: unknown }
    const format = vi.spyOn(prototype, 'format', 'get')
    const language = vi.spyOn(navigator, 'language', 'get')
    try {
      const iso = '2023-07-09T08:00:00Z'
      expect(formatDate(iso)).toBe('Jul 9, 2023')
      expect(formatDate(iso)).toBe('Jul 9, 2023')
      expect(format).toHaveBeenCalledTimes(1)
      expect(formatDate('not a date')).toBe('—')
      expect(formatDate('not a date')).toBe('—')
      language.mockReturnValue('de-DE')
      expect(formatDate(iso)).toBe('9. Juli 2023')
      expect(format).toHaveBeenCalledTimes(2)
    } finally {
      format.mockRestore()
      language.mockRestore()
    }
  })

  it('shows a dash for missing or unreadable dates', () => {
    expect(formatDate(null)).toBe('—')
    expect(formatDate('yesterday-ish')).toBe('—')
    expect(formatDateTime(undefined)).toBe('—')
  })

  it('drops the year from a date-time in the current year only', () => {
    const now = new Date(2025, 10, 20, 9, 0)
    const thisYear = formatDateTime(new Date(2025, 10, 12, 14, 2).toISOString(), now)
    const lastYear = formatDateTime(new Date(2024, 10, 12, 14, 2).toISOString(), now)
    expect(thisYear).toMatch(/Nov 12/)
    expect(thisYear).toMatch(/02/)
    expect(thisYear).not.toMatch(/2025/)
    expect(lastYear).toMatch(/2024/)
  })

  it('writes the hour without a leading zero', () => {
    const now = new Date(2025, 10, 20, 9, 0)
    expect(formatDateTime(new Date(2025, 10, 12, 16, 32).toISOString(), now)).toBe(
      'Nov 12, 4:32 PM'
    )
    expect(formatDateTime(new Date(2025, 10, 12, 4, 5).toISOString(), now)).toBe('Nov 12, 4:05 AM')
  })

  it('shortens a date-time to the time today, the day this year, the month before', () => {
    const now = new Date(2025, 10, 20, 18, 0)
    expect(formatCompactTime(new Date(2025, 10, 20, 14, 2).toISOString(), now)).toBe('2:02 PM')
    expect(formatCompactTime(new Date(2025, 10, 12, 14, 2).toISOString(), now)).toBe('Nov 12')
    expect(formatCompactTime(new Date(2024, 10, 12, 14, 2).toISOString(), now)).toBe('Nov 2024')
    expect(formatCompactTime('soon', now)).toBe('—')
  })
})

describe('formatRelative', () => {
  const now = new Date('2025-06-10T12:00:00Z')
  it('says just now for under 45 seconds', () => {
    expect(formatRelative('2025-06-10T11:59:30Z', now)).toBe('just now')
  })
  it('counts minutes, hours and days', () => {
    expect(formatRelative('2025-06-10T11:58:00Z', now)).toBe('2 minutes ago')
    expect(formatRelative('2025-06-10T09:00:00Z', now)).toBe('3 hours ago')
    expect(formatRelative('2025-06-09T12:00:00Z', now)).toBe('yesterday')
    expect(formatRelative('2025-06-13T12:00:00Z', now)).toBe('in 3 days')
  })
})

describe('formatBytes', () => {
  it('uses decimal units with one decimal', () => {
    expect(formatBytes(0)).toBe('0 bytes')
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(999)).toBe('999 bytes')
    expect(formatBytes(12_582_912)).toBe('12.6 MB')
    expect(formatBytes(1_500_000_000)).toBe('1.5 GB')
    // Whole values read like the cache limits beside them: a full 500 MB cache says 500 MB.
    expect(formatBytes(500_000_000)).toBe('500 MB')
    expect(formatBytes(2_000)).toBe('2 kB')
    expect(formatBytes(-1)).toBe('—')
  })
})

describe('formatBytesOf', () => {
  it('writes the part in the whole’s unit, never as nothing once bytes came', () => {
    expect(formatBytesOf(4_200_000, 15_100_000)).toBe('4.2 of 15.1 MB')
    expect(formatBytesOf(0, 15_100_000)).toBe('0 of 15.1 MB')
    expect(formatBytesOf(40_000, 1_400_000)).toBe('0.04 of 1.4 MB')
    expect(formatBytesOf(900, 2_000)).toBe('0.9 of 2 kB')
    expect(formatBytesOf(15_100_000, 15_100_000)).toBe('15.1 of 15.1 MB')
  })
})
