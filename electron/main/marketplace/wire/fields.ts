import { z } from 'zod'

/**
 * The field schemas every Seller API answer is built from: tolerant of every shape the
 * spec and real installs send (docs/seller-api.md, and docs/real-installs.md §19–33).
 */

// zod 4 treats a missing key as an error unless the schema itself is optional, even when a
// union admits undefined or a transform would default it: every tolerant field goes through
// .nullish()/.optional() first so that "absent" and "null" mean the same thing.
const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null)

/** A raw value quoted in an error message, cut short: a hostile server could send megabytes. */
function quote(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value)
  return s.length > 40 ? `${s.slice(0, 37)}...` : s
}

// Decimal notation only: Number() would also take "0x10", "0b1" or "Infinity".
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/

/** The largest amount taken: far above any price or balance, and exact to 1/10,000 below it. */
const MAX_AMOUNT = 1e12

/** real-installs §25/26: numbers as numbers or numeric strings; float artefacts rounded away. */
export const wireNumber = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const s = typeof value === 'string' ? value.trim() : null
    const n = typeof value === 'number' ? value : s !== null && DECIMAL.test(s) ? Number(s) : NaN
    if (!Number.isFinite(n)) {
      const got = value === undefined ? 'but it is missing' : `got ${quote(value)}`
      ctx.addIssue({ code: 'custom', message: `expected a number, ${got}` })
      return z.NEVER
    }
    // Past this, rounding to four places overflows or loses the cents (1e305 became
    // Infinity, which the cache then refused with the whole list): the value is refused
    // here, so only its item is left out.
    if (Math.abs(n) >= MAX_AMOUNT) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a number below 1,000,000,000,000, got ${quote(value)}`
      })
      return z.NEVER
    }
    return Math.round(n * 10_000) / 10_000
  })

export const text = nullish(
  z.union([z.string(), z.number()], { error: 'expected text' }).transform(String)
)
export const textOrEmpty = text.transform((v) => v ?? '')

// ISO 8601 as Laravel writes it: date, optional time with any number of fraction digits,
// optional zone. Anything else is refused rather than handed to Date.parse, whose fallback
// reads free text ("March 2, 2024") in the machine's local time zone.
const ISO =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?))?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i

/** real-installs §28: microsecond timestamps; a time with no zone is UTC. Invalid dates are an error. */
export const wireTimestamp = nullish(z.string({ error: 'expected a timestamp string' })).transform(
  (value, ctx) => {
    if (value === null || value.trim() === '') return null
    const s = value.trim()
    // MySQL's "zero date" is how a database says "never".
    if (/^0000-00-00/.test(s)) return null
    const m = ISO.exec(s)
    let ms = NaN
    if (m) {
      const [, date, time, zone] = m
      const t = time ? time.replace(',', '.').replace(/(\.\d{3})\d+$/, '$1') : '00:00:00'
      const z =
        !zone || zone.toUpperCase() === 'Z'
          ? 'Z'
          : zone.length === 3
            ? `${zone}:00`
            : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')
      ms = Date.parse(`${date}T${t}${z}`)
    }
    if (Number.isNaN(ms)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected an ISO 8601 timestamp, got ${quote(value)}`
      })
      return z.NEVER
    }
    return new Date(ms).toISOString()
  }
)

/**
 * Only absolute http(s) URLs survive. real-installs §24: a URL whose path is the bare site root
 * (the server's rendering of an empty path) means "no image"; on a site installed in a
 * sub-folder that root is the folder (`https://host/shop/`), so any path ending in "/"
 * is a folder, not a file, and means "no image" too.
 */
export function cleanUrl(value: unknown, { allowRoot = false } = {}): string | null {
  if (typeof value !== 'string') return null
  const s = value.trim()
  if (s === '') return null
  let url: URL
  try {
    url = new URL(s)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (!allowRoot && (url.pathname === '' || url.pathname.endsWith('/')) && url.search === '')
    return null
  return url.toString()
}

export const wireUrl = z
  .unknown()
  .optional()
  .transform((v) => cleanUrl(v))
export const wireLink = z
  .unknown()
  .optional()
  .transform((v) => cleanUrl(v, { allowRoot: true }))

/** real-installs §21: "2.4.1", "1.0", a bare number, or null. */
export const wireVersion = nullish(
  z.union([z.string(), z.number()], { error: 'expected a version string' })
).transform((v) => {
  if (v === null) return null
  const s = String(v).trim()
  return s === '' ? null : s
})
