import { floatArtefact, microTimestamp } from './php-json'
import type { DemoAccount, DemoItem, DemoPurchase } from './types'
import type { Texts } from './texts'

/**
 * Real mode: how a 2.3 install serialises its models (real-installs §19–32).
 * Nulls are sent, not left out; lists that PHP built as arrays keyed by index come out
 * as objects; prices carry float artefacts.
 */

type Json = Record<string, unknown>

/** Some previews carry a cache-busting query, as a real site's media URLs may (real-installs §24). */
const withQuery = (url: string, id: number): string =>
  id % 3 === 0 ? `${url}?v=${(id % 5) + 1}` : url

/** Decimal prices come out of PHP's float arithmetic with artefacts; 120.00 is sent as 120. */
const price = (value: number): number => floatArtefact(value)

export function realItem(item: DemoItem, origin: string, currency: string | null): Json {
  // An empty path is the bare site root, as a real install renders it.
  const url = (path: string): string => origin + (path === '' ? '/' : path)
  const media: Json = { thumbnail: url(item.media.thumbnail) }
  if (item.media.preview_image !== null)
    media['preview_image'] = withQuery(url(item.media.preview_image), item.id)
  if (item.media.preview_video) media['preview_video'] = url(item.media.preview_video)
  if (item.media.preview_audio) media['preview_audio'] = url(item.media.preview_audio)
  if (item.kind === 'image') {
    // PHP arrays with numeric keys built out of order encode as objects: {"0":"url",...}.
    media['screenshots'] =
      item.media.screenshots.length === 0
        ? null
        : Object.fromEntries(item.media.screenshots.map((p, n) => [String(n), url(p)]))
  }
  const options =
    item.options === null ? null : Object.keys(item.options).length === 0 ? [] : item.options
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    category: item.category,
    sub_category: item.sub_category,
    options,
    version: item.version,
    demo_link: item.demo_link,
    tags: item.tags.join(','),
    media,
    price: { regular: price(item.price.regular), extended: price(item.price.extended) },
    currency,
    published_at: microTimestamp(item.published_at)
  }
}

export function realAccount(account: DemoAccount, origin: string, currency: string | null): Json {
  const social = account.profile.social
  const anySocial = Object.values(social).some((v) => v !== null)
  return {
    name: {
      firstname: account.firstname,
      lastname: account.lastname,
      full_name: `${account.firstname} ${account.lastname}`
    },
    username: account.username,
    email: account.email,
    balance: floatArtefact(account.balance),
    currency,
    profile: {
      heading: account.profile.heading,
      description: account.profile.description,
      contact: { email: account.profile.contact_email },
      social_links: anySocial ? { ...social } : null,
      media: { avatar: origin + account.profile.avatar, cover: origin + account.profile.cover }
    },
    registered_at: microTimestamp(account.registered_at)
  }
}

export function realPurchase(
  purchase: DemoPurchase,
  item: DemoItem,
  origin: string,
  currency: string | null,
  texts: Texts
): Json {
  const out: Json = {
    purchase_code: purchase.code,
    license_type: purchase.license === 'regular' ? texts.regular : texts.extended,
    price: price(purchase.price),
    currency,
    item: realItem(item, origin, currency)
  }
  if (purchase.supported_until !== null)
    out['supported_until'] = microTimestamp(purchase.supported_until)
  return { ...out, downloaded: purchase.downloaded, date: microTimestamp(purchase.date) }
}
