import { z } from 'zod'
import type {
  Account,
  Item,
  ItemKind,
  ItemOption,
  License,
  Purchase,
  SocialLink
} from '../../../../shared/model'

/**
 * Wire schemas: tolerant of every shape the spec and real installs send
 * (docs/seller-api.md, and docs/real-installs.md §19–33),
 * and each one transforms straight into the normalised model.
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
    return Math.round(n * 10_000) / 10_000
  })

const text = nullish(
  z.union([z.string(), z.number()], { error: 'expected text' }).transform(String)
)
const textOrEmpty = text.transform((v) => v ?? '')

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

const wireUrl = z
  .unknown()
  .optional()
  .transform((v) => cleanUrl(v))
const wireLink = z
  .unknown()
  .optional()
  .transform((v) => cleanUrl(v, { allowRoot: true }))

/** real-installs §20: a comma-joined string or a list. */
export const wireTags = z
  .union([z.string(), z.array(z.union([z.string(), z.number(), z.null()]))], {
    error: 'expected a comma-separated string or a list of tags'
  })
  .nullish()
  .transform((v) => {
    const parts =
      v == null
        ? []
        : typeof v === 'string'
          ? v.split(',')
          : v.filter((t) => t !== null).map(String)
    return [...new Set(parts.map((t) => t.trim()).filter((t) => t !== ''))]
  })

/** real-installs §23: null, an object {"0":"url",...} or a list. */
export const wireScreenshots = z
  .union([z.array(z.unknown()), z.record(z.string(), z.unknown())], {
    error: 'expected a list or an object of screenshot URLs'
  })
  .nullish()
  .transform((v) => {
    if (v == null) return []
    const list = Array.isArray(v)
      ? v
      : Object.keys(v)
          .sort((a, b) => Number(a) - Number(b) || a.localeCompare(b))
          .map((k) => v[k])
    return list.map((u) => cleanUrl(u)).filter((u): u is string => u !== null)
  })

const optionValue = z.union([z.string(), z.number(), z.boolean()]).transform(String)

/** real-installs §19: null, [], a list of strings, or a map of option name to a string or a list. */
export const wireOptions = z
  .union(
    [
      z.array(optionValue),
      z.record(z.string(), z.union([optionValue, z.array(optionValue), z.null()]))
    ],
    {
      error: 'expected a list of options or a map of option names to values'
    }
  )
  .nullish()
  .transform((v): ItemOption[] => {
    if (v == null) return []
    if (Array.isArray(v)) return v.length === 0 ? [] : [{ name: null, values: v }]
    return Object.entries(v).map(([name, value]) => ({
      name,
      values: value == null ? [] : Array.isArray(value) ? value : [value]
    }))
  })

/** real-installs §21: "2.4.1", "1.0", a bare number, or null. */
export const wireVersion = nullish(
  z.union([z.string(), z.number()], { error: 'expected a version string' })
).transform((v) => {
  if (v === null) return null
  const s = String(v).trim()
  return s === '' ? null : s
})

const wireMedia = z
  .object({
    thumbnail: wireUrl,
    preview_image: wireUrl,
    preview_video: wireUrl,
    preview_audio: wireUrl,
    screenshots: wireScreenshots
  })
  .nullish()
  .transform((m) => ({
    thumbnail: m?.thumbnail ?? null,
    preview_image: m?.preview_image ?? null,
    preview_video: m?.preview_video ?? null,
    preview_audio: m?.preview_audio ?? null,
    screenshots: m?.screenshots ?? []
  }))

function kindOf(media: Item['media']): ItemKind {
  if (media.preview_video) return 'video'
  if (media.preview_audio) return 'audio'
  return 'image'
}

export const wireItem = z
  .object(
    {
      id: z
        .union([z.number().int(), z.string().regex(/^\s*\d+\s*$/, 'expected an integer id')], {
          error: 'expected an integer id'
        })
        .transform(Number),
      name: textOrEmpty,
      description: textOrEmpty,
      category: textOrEmpty,
      sub_category: text,
      options: wireOptions,
      version: wireVersion,
      demo_link: wireLink,
      tags: wireTags,
      media: wireMedia,
      // No default: a price of 0.00 the server never sent would be a lie on screen.
      price: z.object(
        { regular: wireNumber, extended: wireNumber },
        { error: 'expected a price object' }
      ),
      currency: text,
      published_at: wireTimestamp
    },
    { error: 'expected an item object' }
  )
  .transform((w): Item => ({ ...w, kind: kindOf(w.media) }))

/** real-installs §29: the known networks' user names become links; a URL is kept as is. */
const SOCIAL_BASES: Record<string, (name: string) => string> = {
  facebook: (n) => `https://www.facebook.com/${n}`,
  x: (n) => `https://x.com/${n}`,
  twitter: (n) => `https://x.com/${n}`,
  youtube: (n) => `https://www.youtube.com/@${n}`,
  linkedin: (n) => `https://www.linkedin.com/in/${n}`,
  instagram: (n) => `https://www.instagram.com/${n}`,
  pinterest: (n) => `https://www.pinterest.com/${n}`,
  github: (n) => `https://github.com/${n}`,
  tiktok: (n) => `https://www.tiktok.com/@${n}`,
  dribbble: (n) => `https://dribbble.com/${n}`,
  behance: (n) => `https://www.behance.net/${n}`
}

export function socialLink(network: string, handle: string): SocialLink {
  const key = network.trim().toLowerCase()
  const h = handle.trim()
  const asUrl = cleanUrl(h, { allowRoot: true })
  if (asUrl) return { network: key, handle: h, url: asUrl }
  const build = Object.hasOwn(SOCIAL_BASES, key) ? SOCIAL_BASES[key] : undefined
  // A user name is one path segment ("@" is how people write it, not part of it); dots
  // alone would walk up the path. Anything else cannot be turned into a safe link.
  const name = h.replace(/^@/, '')
  const safeName = /^[\w.-]{1,100}$/.test(name) && !/^\.+$/.test(name)
  return {
    network: key,
    handle: h,
    url: build && safeName ? build(encodeURIComponent(name)) : null
  }
}

export const wireSocialLinks = z
  .union([z.array(z.unknown()), z.record(z.string(), z.unknown())], {
    error: 'expected a map of social networks to user names'
  })
  .nullish()
  .transform((v): SocialLink[] => {
    if (v == null || Array.isArray(v)) return []
    return Object.entries(v)
      .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '')
      .map(([network, handle]) => socialLink(network, handle))
  })

export const wireAccount = z
  .object(
    {
      name: z
        .object({ firstname: textOrEmpty, lastname: textOrEmpty, full_name: textOrEmpty })
        .nullish()
        .transform((n) => n ?? { firstname: '', lastname: '', full_name: '' }),
      username: textOrEmpty,
      email: textOrEmpty,
      balance: wireNumber,
      currency: text,
      profile: z
        .object({
          heading: text,
          description: text,
          contact: z
            .object({ email: text })
            .nullish()
            .transform((c) => c ?? { email: null }),
          social_links: wireSocialLinks,
          media: z
            .object({ avatar: wireUrl, cover: wireUrl })
            .nullish()
            .transform((m) => m ?? { avatar: null, cover: null })
        })
        .nullish()
        .transform(
          (p) =>
            p ?? {
              heading: null,
              description: null,
              contact: { email: null },
              social_links: [],
              media: { avatar: null, cover: null }
            }
        ),
      registered_at: wireTimestamp
    },
    { error: 'expected an account object' }
  )
  .transform((a): Account => {
    const full = a.name.full_name || `${a.name.firstname} ${a.name.lastname}`.trim()
    return { ...a, name: { ...a.name, full_name: full } }
  })

/** real-installs §32: real installs map 1 to "Regular" and all else to "Extended", translated. */
export function licenseOf(raw: string): License {
  const s = raw.trim().toLowerCase()
  // Word starts only, so that "irregular" is not read as "regular".
  const starts = (stems: string) => new RegExp(`(^|[^\\p{L}])(${stems})`, 'u').test(s)
  if (s === '1' || starts('regul|régul|standard|normal|personal')) return 'regular'
  if (s === '2' || starts('extend|erweitert|étendu|esteso|ampliad|estendid|commercial'))
    return 'extended'
  return 'unknown'
}

export const wirePurchase = z
  .object(
    {
      purchase_code: z
        .union([z.string(), z.number()], { error: 'expected a purchase code' })
        .transform((v) => String(v).trim()),
      license_type: z
        .union([z.string(), z.number()], { error: 'expected a licence name' })
        .nullish()
        .transform((v) => (v == null ? '' : String(v).trim())),
      price: wireNumber,
      currency: text,
      item: wireItem,
      supported_until: wireTimestamp,
      downloaded: z
        .union([z.boolean(), z.literal([0, 1, '0', '1', 'true', 'false'])], {
          error: 'expected true or false'
        })
        .nullish()
        .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
      date: wireTimestamp
    },
    { error: 'expected a purchase object' }
  )
  .transform((p): Purchase => ({ ...p, license: licenseOf(p.license_type) }))
