import { z } from 'zod'
import type { Account, Item, ItemKind, ItemOption, License, Purchase, SocialLink } from './model'

/**
 * Wire schemas: tolerant of every shape the spec and real installs send
 * (see shared docs "seller-api-spec.md" and "real-server.md", points 19 to 33),
 * and each one transforms straight into the normalised model.
 */

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null)

/** Point 25/26: numbers as numbers or numeric strings; float artefacts rounded away. */
export const wireNumber = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value.trim())
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: `expected a number, got ${JSON.stringify(value)}` })
    return z.NEVER
  }
  return Math.round(n * 10_000) / 10_000
})

const text = nullish(z.union([z.string(), z.number()]).transform(String))
const textOrEmpty = text.transform((v) => v ?? '')

/** Point 28: microsecond timestamps; a time with no zone is UTC. Invalid dates are an error. */
export const wireTimestamp = nullish(z.string()).transform((value, ctx) => {
  if (value === null || value.trim() === '') return null
  let s = value.trim()
  if (/^\d{4}-\d{2}-\d{2} \d/.test(s)) s = s.replace(' ', 'T')
  if (/T[\d:.]+$/.test(s)) s += 'Z'
  const ms = Date.parse(s)
  if (Number.isNaN(ms)) {
    ctx.addIssue({ code: 'custom', message: `expected an ISO 8601 timestamp, got ${JSON.stringify(value)}` })
    return z.NEVER
  }
  return new Date(ms).toISOString()
})

/**
 * Only absolute http(s) URLs survive. Point 24: a URL whose path is the bare site root
 * (the server's rendering of an empty path) means "no image".
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
  if (!allowRoot && (url.pathname === '/' || url.pathname === '') && url.search === '') return null
  return url.toString()
}

const wireUrl = z.unknown().transform((v) => cleanUrl(v))
const wireLink = z.unknown().transform((v) => cleanUrl(v, { allowRoot: true }))

/** Point 20: a comma-joined string or a list. */
export const wireTags = z
  .union([z.string(), z.array(z.union([z.string(), z.number()])), z.null(), z.undefined()])
  .transform((v) => {
    const parts = v == null ? [] : typeof v === 'string' ? v.split(',') : v.map(String)
    return [...new Set(parts.map((t) => t.trim()).filter((t) => t !== ''))]
  })

/** Point 23: null, an object {"0":"url",...} or a list. */
export const wireScreenshots = z
  .union([z.array(z.unknown()), z.record(z.string(), z.unknown()), z.null(), z.undefined()])
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

/** Point 19: null, [], a list of strings, or a map of option name to a string or a list. */
export const wireOptions = z
  .union([
    z.null(),
    z.undefined(),
    z.array(optionValue),
    z.record(z.string(), z.union([optionValue, z.array(optionValue), z.null()]))
  ])
  .transform((v): ItemOption[] => {
    if (v == null) return []
    if (Array.isArray(v)) return v.length === 0 ? [] : [{ name: null, values: v }]
    return Object.entries(v).map(([name, value]) => ({
      name,
      values: value == null ? [] : Array.isArray(value) ? value : [value]
    }))
  })

/** Point 21: "2.4.1", "1.0", a bare number, or null. */
export const wireVersion = nullish(z.union([z.string(), z.number()])).transform((v) => {
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
  .object({
    id: z.union([z.number().int(), z.string().regex(/^\s*\d+\s*$/, 'expected an integer id')]).transform(Number),
    name: textOrEmpty,
    description: textOrEmpty,
    category: textOrEmpty,
    sub_category: text,
    options: wireOptions,
    version: wireVersion,
    demo_link: wireLink,
    tags: wireTags,
    media: wireMedia,
    price: z
      .object({ regular: wireNumber, extended: wireNumber })
      .nullish()
      .transform((p) => p ?? { regular: 0, extended: 0 }),
    currency: text,
    published_at: wireTimestamp
  })
  .transform((w): Item => ({ ...w, kind: kindOf(w.media) }))

/** Point 29: the known networks' user names become links; a URL is kept as is. */
const SOCIAL_BASES: Record<string, (name: string) => string> = {
  facebook: (n) => `https://www.facebook.com/${n}`,
  x: (n) => `https://x.com/${n}`,
  twitter: (n) => `https://x.com/${n}`,
  youtube: (n) => `https://www.youtube.com/@${n.replace(/^@/, '')}`,
  linkedin: (n) => `https://www.linkedin.com/in/${n}`,
  instagram: (n) => `https://www.instagram.com/${n}`,
  pinterest: (n) => `https://www.pinterest.com/${n}`,
  github: (n) => `https://github.com/${n}`,
  tiktok: (n) => `https://www.tiktok.com/@${n.replace(/^@/, '')}`,
  dribbble: (n) => `https://dribbble.com/${n}`,
  behance: (n) => `https://www.behance.net/${n}`
}

export function socialLink(network: string, handle: string): SocialLink {
  const key = network.trim().toLowerCase()
  const h = handle.trim()
  const asUrl = cleanUrl(h, { allowRoot: true })
  if (asUrl) return { network: key, handle: h, url: asUrl }
  const build = SOCIAL_BASES[key]
  // A user name is one path segment: anything else cannot be turned into a safe link.
  const safeName = /^@?[\w.-]{1,100}$/.test(h)
  return { network: key, handle: h, url: build && safeName ? build(encodeURIComponent(h)) : null }
}

export const wireSocialLinks = z
  .union([z.null(), z.undefined(), z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .transform((v): SocialLink[] => {
    if (v == null || Array.isArray(v)) return []
    return Object.entries(v)
      .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '')
      .map(([network, handle]) => socialLink(network, handle))
  })

export const wireAccount = z
  .object({
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
  })
  .transform((a): Account => {
    const full = a.name.full_name || `${a.name.firstname} ${a.name.lastname}`.trim()
    return { ...a, name: { ...a.name, full_name: full } }
  })

/** Point 32: real installs map 1 to "Regular" and all else to "Extended", translated. */
export function licenseOf(raw: string): License {
  const s = raw.trim().toLowerCase()
  if (s === '1' || /regular|standard|normal|personal|régul|regul/.test(s)) return 'regular'
  if (s === '2' || /extend|erweitert|étendu|esteso|ampliad|commercial/.test(s)) return 'extended'
  return 'unknown'
}

export const wirePurchase = z
  .object({
    purchase_code: z.union([z.string(), z.number()]).transform(String),
    license_type: z
      .union([z.string(), z.number(), z.null(), z.undefined()])
      .transform((v) => (v == null ? '' : String(v))),
    price: wireNumber,
    currency: text,
    item: wireItem,
    supported_until: wireTimestamp,
    downloaded: z
      .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.null(), z.undefined()])
      .transform((v) => v === true || v === 1 || v === '1'),
    date: wireTimestamp
  })
  .transform((p): Purchase => ({ ...p, license: licenseOf(p.license_type) }))
