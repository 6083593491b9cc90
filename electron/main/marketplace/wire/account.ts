import { z } from 'zod'
import type { Account, License, Purchase, SocialLink } from '../../../../shared/model'
import { cleanUrl, text, textOrEmpty, wireNumber, wireTimestamp, wireUrl } from './fields'
import { wireItem } from './item'

// The account and a purchase as the spec and real installs send them, made the model's.

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

const wireSocialLinks = z
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
