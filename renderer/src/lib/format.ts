/**
 * Every number and date the seller reads goes through here, so money, dates and ages
 * look the same on every screen. Formatters are cached: the item grid formats thousands.
 */

const MINUS = '\u2212'
const DAY_MS = 86_400_000

/** The seller's locale: every format, and their warm-up (warm-formats.ts), use it. */
export function locale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US'
}

const numberFormats = new Map<string, Intl.NumberFormat>()
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${locale()}|${key}`
  let f = numberFormats.get(id)
  if (!f) {
    f = new Intl.NumberFormat(locale(), options)
    numberFormats.set(id, f)
  }
  return f
}

/** "10,000": a count in the seller's locale, with a format made once (toLocaleString makes one a call). */
export function formatCount(n: number): string {
  return numberFormat('count', { maximumFractionDigits: 0 }).format(n)
}

const PLAIN: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 }

function currencyFormat(currency: string | null): Intl.NumberFormat {
  const code = currency?.trim().toUpperCase() ?? ''
  if (/^[A-Z]{3}$/.test(code)) {
    try {
      return numberFormat(`cur:${code}`, { style: 'currency', currency: code, ...PLAIN })
    } catch {
      // An unknown code some runtimes reject: fall through to a plain number.
    }
  }
  return numberFormat('plain', PLAIN)
}

/**
 * Texts the item tiles print again at every keystroke's answer, kept by what made them.
 * Bounded: cleared when full.
 */
function textCache(limit: number): (id: string, make: () => string) => string {
  const texts = new Map<string, string>()
  return (id, make) => {
    let text = texts.get(id)
    if (text === undefined) {
      text = make()
      if (texts.size >= limit) texts.clear()
      texts.set(id, text)
    }
    return text
  }
}

// A grid tile prints four prices, and a catalogue repeats few: each keystroke formatted
// about a hundred with formatToParts.
const moneyText = textCache(2_000)

/**
 * Money with two decimals (real servers send float artefacts like 21.099999999999998).
 * A null or unusable currency gives a plain number. Negatives use a true minus sign.
 */
export function formatMoney(amount: number, currency: string | null): string {
  if (!Number.isFinite(amount)) return '—'
  return moneyText(`${locale()}|${currency ?? ''}|${amount}`, () =>
    currencyFormat(currency)
      .formatToParts(amount)
      .map((p) => (p.type === 'minusSign' ? MINUS : p.value))
      .join('')
  )
}

function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? null : d
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()
function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${locale()}|${key}`
  let f = dateFormats.get(id)
  if (!f) {
    f = new Intl.DateTimeFormat(locale(), options)
    dateFormats.set(id, f)
  }
  return f
}

// Like prices: a keystroke fills twenty tiles, each with a date, and parsing and formatting
// them was a fifth of a millisecond of every answer.
const dateText = textCache(2_000)

/** "12 Nov 2024" (in the seller's locale); an em dash for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  return dateText(`${locale()}|${iso}`, () => {
    const d = toDate(iso)
    return d
      ? dateFormat('date', { day: 'numeric', month: 'short', year: 'numeric' }).format(d)
      : '—'
  })
}

/** "12 Nov, 14:02"; the year is added when it is not the current one. */
export function formatDateTime(iso: string | null | undefined, now: Date = new Date()): string {
  const d = toDate(iso)
  if (!d) return '—'
  const sameYear = d.getFullYear() === now.getFullYear()
  return sameYear
    ? dateFormat('dt', {
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit'
      }).format(d)
    : dateFormat('dty', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit'
      }).format(d)
}

/**
 * When something happened, in one short line for a narrow table: the time for today, the
 * day for this year, the month and year before. Pair it with `formatDateTime` in a tooltip.
 */
export function formatCompactTime(iso: string | null | undefined, now: Date = new Date()): string {
  const d = toDate(iso)
  if (!d) return '—'
  if (d.toDateString() === now.toDateString())
    return dateFormat('t', { hour: 'numeric', minute: '2-digit' }).format(d)
  if (d.getFullYear() === now.getFullYear())
    return dateFormat('dm', { day: 'numeric', month: 'short' }).format(d)
  return dateFormat('my', { month: 'short', year: 'numeric' }).format(d)
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 3_600_000],
  ['minute', 60_000]
]

let relative: { locale: string; f: Intl.RelativeTimeFormat } | null = null

/** "just now", "2 minutes ago", "yesterday", "in 3 days". */
export function formatRelative(iso: string | null | undefined, now: Date = new Date()): string {
  const d = toDate(iso)
  if (!d) return '—'
  const diff = d.getTime() - now.getTime()
  if (Math.abs(diff) < 45_000) return 'just now'
  if (!relative || relative.locale !== locale()) {
    relative = { locale: locale(), f: new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' }) }
  }
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'minute') {
      return relative.f.format(Math.round(diff / ms), unit)
    }
  }
  return 'just now'
}

/**
 * "12.6 MB", "500 MB": decimal units, as file managers on macOS and GNOME show them. Every
 * size in the app, cache limits included, goes through here so they compare at a glance.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—'
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  return `${numberFormat('bytes', { maximumFractionDigits: 1 }).format(value)} ${units[unit]}`
}

/**
 * Part of a size, both in the whole's unit: "4.2 of 15.1 MB" (not "4.2 MB of 15.1 MB",
 * nor "900 kB of 15.1 MB" jumping units as it grows).
 */
export function formatBytesOf(done: number, total: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB']
  let unit = 0
  let scale = 1
  while (total / scale >= 1000 && unit < units.length - 1) {
    scale *= 1000
    unit++
  }
  const f = numberFormat('bytes', { maximumFractionDigits: 1 })
  // The first bytes of a large answer are not "0 of 15.1 MB" beside a bar that has moved.
  const small = done > 0 && done / scale < 0.1
  const part = small ? numberFormat('bytes-small', { maximumSignificantDigits: 1 }) : f
  return `${part.format(done / scale)} of ${f.format(total / scale)} ${units[unit]}`
}
