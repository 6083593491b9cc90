import { CATALOGUE, GENERATED, type CatalogueEntry } from './catalogue'
import { createRandom, type Random } from './random'
import type { DemoAccount, DemoData, DemoItem, DemoItemKind, DemoPurchase } from './types'

export interface SeedOptions {
  seed: number
  /** Listed items; undefined = the hand-written catalogue. */
  size: number | undefined
  catalogue: 'full' | 'single' | 'empty'
  missingSubCategory: boolean
  currency: string | null
  /** Dates of purchases and support are relative to this day, so support stays "running". */
  now: number
}

export interface SampleCodes {
  valid: string
  expired: string
  noSupport: string
  invalid: string
}

const DAY = 86_400_000
const FIRST_ID = 101
const SITE = 'lumen-studio.example'

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const slugOf = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')

const isoSeconds = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

function describe(entry: CatalogueEntry, slug: string): string {
  if (entry.rawDescription !== undefined) return entry.rawDescription
  const features = entry.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')
  return (
    `<p>${escapeHtml(entry.intro)}</p>` +
    `<p><strong>What you get</strong></p><ul>${features}</ul>` +
    `<p>Read the <a href="https://docs.${SITE}/${slug}">documentation</a> or ` +
    `<em>message us</em> from the support tab: we answer within a day.</p>`
  )
}

function mediaFor(id: number, kind: DemoItemKind, screenshots: number): DemoItem['media'] {
  return {
    thumbnail: `/media/thumbs/${id}.jpg`,
    preview_image: kind === 'audio' ? null : `/media/previews/${id}.jpg`,
    preview_video: kind === 'video' ? `/media/video/${id}.webm` : null,
    preview_audio: kind === 'audio' ? `/media/audio/${id}.mp3` : null,
    screenshots: Array.from(
      { length: kind === 'image' ? screenshots : 0 },
      (_, n) => `/media/screens/${id}-${n}.jpg`
    )
  }
}

function handcrafted(rnd: Random): DemoItem[] {
  const start = Date.UTC(2022, 2, 1, 9)
  return CATALOGUE.map((entry, i) => {
    const id = FIRST_ID + i
    const slug = slugOf(entry.name)
    return {
      id,
      name: entry.name,
      description: describe(entry, slug),
      category: entry.category,
      sub_category: entry.sub,
      options: entry.options,
      version: entry.version,
      demo_link: entry.demo ? `https://demo.${SITE}/${slug}/` : null,
      tags: entry.tags,
      kind: entry.kind,
      media: mediaFor(id, entry.kind, entry.screenshots),
      price: { regular: entry.regular, extended: entry.extended },
      published_at: isoSeconds(start + i * 23 * DAY + rnd.int(0, 8 * 3600) * 1000)
    }
  })
}

/**
 * An item the seller deleted: no longer listed, but a buyer's purchase still names it, with
 * dead media (a thumbnail that 404s and a preview whose path is empty, which a real install
 * renders as the bare site root; real-installs §17, 24).
 */
function deletedItem(): DemoItem {
  const id = FIRST_ID - 1
  return {
    id,
    name: 'Legacy Flat Icons',
    description: '<p>Retired: replaced by the <strong>Ember Icon Set</strong>.</p>',
    category: 'Graphics',
    sub_category: 'Icons',
    options: null,
    version: '0.9.0',
    demo_link: null,
    tags: ['icons', 'flat'],
    kind: 'image',
    media: {
      thumbnail: `/media/retired/${id}.jpg`,
      preview_image: '',
      preview_video: null,
      preview_audio: null,
      screenshots: []
    },
    price: { regular: 6, extended: 30 },
    published_at: '2021-11-03T12:00:00Z'
  }
}

const PRICES = [5, 7, 9, 12, 14.5, 16, 19, 21.1, 24, 29, 34.9, 39, 49, 59] as const

/** Cheap on purpose: 10,000 of these take a few milliseconds. */
function generated(rnd: Random, count: number, firstId: number, after: number): DemoItem[] {
  const { adjectives, nouns } = GENERATED
  const out: DemoItem[] = new Array<DemoItem>(count)
  for (let k = 0; k < count; k++) {
    const id = firstId + k
    const kind: DemoItemKind = k % 5 < 3 ? 'image' : k % 5 === 3 ? 'video' : 'audio'
    const kinds = GENERATED[kind]
    const [suffix, category, sub] = kinds[k % kinds.length]!
    const volume = Math.floor(k / (adjectives.length * nouns.length))
    const name =
      `${adjectives[k % adjectives.length]} ${nouns[Math.floor(k / adjectives.length) % nouns.length]} ${suffix}` +
      (volume > 0 ? ` Vol. ${volume + 1}` : '')
    const regular = rnd.pick(PRICES)
    out[k] = {
      id,
      name,
      description: `<p><strong>${name}</strong>: a ${suffix.toLowerCase()} for ${category.toLowerCase()} projects.</p><ul><li>Easy to customise</li><li>Free updates</li></ul>`,
      category,
      sub_category: sub,
      options:
        k % 3 === 0
          ? null
          : { Format: kind === 'audio' ? 'WAV' : kind === 'video' ? 'MP4' : 'PNG' },
      version: k % 4 === 0 ? null : `1.${k % 7}.${k % 3}`,
      demo_link: k % 2 === 0 ? `https://demo.${SITE}/item-${id}/` : null,
      tags: [
        category.toLowerCase(),
        sub.toLowerCase(),
        adjectives[k % adjectives.length]!.toLowerCase()
      ],
      kind,
      media: mediaFor(id, kind, kind === 'image' ? k % 4 : 0),
      price: { regular, extended: Math.round(regular * 500) / 100 },
      published_at: isoSeconds(after + (k + 1) * 45 * 60_000 + rnd.int(0, 600) * 1000)
    }
  }
  return out
}

function accounts(rnd: Random): { seller: DemoAccount; buyer: DemoAccount } {
  const seller: DemoAccount = {
    key: rnd.hex(64),
    seller: true,
    firstname: 'Lúcia',
    lastname: 'Ferreira',
    username: 'lumenstudio',
    email: `lucia@${SITE}`,
    balance: 1843.2,
    registered_at: '2021-09-14T08:30:12Z',
    profile: {
      heading: 'Design assets, motion templates and music for makers',
      description:
        '<p>Hi, I am <strong>Lúcia</strong>, founder of Lumen Studio in Lisbon. Made with ☕ and 🎨.</p>' +
        '<p>We make:</p><ul><li>UI kits and templates</li><li>Motion graphics</li><li>Royalty-free music</li></ul>' +
        `<p>See our <a href="https://${SITE}/licences">licence guide</a> before buying an extended licence.</p>`,
      contact_email: `support@${SITE}`,
      social: {
        facebook: 'lumenstudio',
        x: 'lumen_studio',
        youtube: 'LumenStudio',
        linkedin: 'lucia-ferreira',
        instagram: 'lumen.studio',
        pinterest: null
      },
      avatar: '/media/profile/avatar.jpg',
      cover: '/media/profile/cover.jpg'
    }
  }
  const buyer: DemoAccount = {
    key: rnd.hex(64),
    seller: false,
    firstname: 'Tomás',
    lastname: 'Berg',
    username: 'tberg',
    email: 'tomas.berg@mail.example',
    balance: -4.5,
    registered_at: '2023-05-02T17:45:03Z',
    profile: {
      heading: null,
      description: null,
      contact_email: null,
      social: {
        facebook: null,
        x: null,
        youtube: null,
        linkedin: null,
        instagram: null,
        pinterest: null
      },
      avatar: '/media/profile/default-avatar.jpg',
      cover: '/media/profile/default-cover.jpg'
    }
  }
  return { seller, buyer }
}

const ACTIVE_PURCHASES = 48
const OTHER_STATES = [
  'refunded',
  'refunded',
  'cancelled',
  'cancelled',
  'other-seller',
  'other-seller'
] as const

function purchases(rnd: Random, items: readonly DemoItem[], now: number): DemoPurchase[] {
  const out: DemoPurchase[] = []
  for (let j = 0; j < ACTIVE_PURCHASES + OTHER_STATES.length; j++) {
    // 7 and 30 are coprime, so the first 30 purchases touch every hand-written item.
    const item = items[(j * 7) % items.length]!
    const license = j % 3 === 2 ? 'extended' : 'regular'
    const date = now - (3 + j * 11) * DAY - rnd.int(0, 86_399) * 1000
    const support = j % 4
    out.push({
      code: rnd.uuid(),
      itemId: item.id,
      license,
      price: item.price[license],
      supported_until:
        support === 2
          ? null
          : support === 1
            ? isoSeconds(now - (5 + 2 * j) * DAY)
            : isoSeconds(now + (15 + 4 * j) * DAY),
      downloaded: j % 5 !== 1,
      date: isoSeconds(date),
      state: j < ACTIVE_PURCHASES ? 'active' : OTHER_STATES[j - ACTIVE_PURCHASES]!
    })
  }
  return out
}

export function createDemoData(options: SeedOptions): { data: DemoData; sampleCodes: SampleCodes } {
  const rnd = createRandom(options.seed)
  const { seller, buyer } = accounts(rnd)
  const crafted = handcrafted(rnd)
  const size = options.size ?? crafted.length
  const lastCrafted = Date.parse(crafted[crafted.length - 1]!.published_at)
  const bought = purchases(rnd, crafted, options.now)
  const sampleCodes: SampleCodes = {
    valid: bought[0]!.code,
    expired: bought[1]!.code,
    noSupport: bought[2]!.code,
    invalid: rnd.uuid()
  }
  const retired = deletedItem()
  bought.push({
    code: rnd.uuid(),
    itemId: retired.id,
    license: 'regular',
    price: retired.price.regular,
    supported_until: null,
    downloaded: true,
    date: isoSeconds(options.now - 400 * DAY),
    state: 'active'
  })
  // A stream of its own, so keys and codes do not change with `size`.
  const bulk = createRandom(options.seed ^ 0x5eed)
  const all =
    size <= crafted.length
      ? crafted.slice(0, size)
      : [
          ...crafted,
          ...generated(bulk, size - crafted.length, FIRST_ID + crafted.length, lastCrafted)
        ]

  const listed =
    options.catalogue === 'empty' ? [] : options.catalogue === 'single' ? all.slice(0, 1) : all
  const listedIds = new Set(listed.map((i) => i.id))
  const unlisted = [
    retired,
    ...crafted.filter((i) => !listedIds.has(i.id)),
    ...all.slice(crafted.length).filter((i) => !listedIds.has(i.id))
  ]

  let brokenItemId: number | null = null
  if (options.missingSubCategory && listed.length > 0) {
    // Break an item some buyer owns, but not one behind a sample code: those stay usable.
    const sampleItems = new Set(bought.slice(0, 3).map((p) => p.itemId))
    const owned = new Set(bought.filter((p) => p.state === 'active').map((p) => p.itemId))
    const target = listed.find((i) => owned.has(i.id) && !sampleItems.has(i.id)) ?? listed[0]!
    const index = listed.indexOf(target)
    const broken = { ...target, sub_category: null }
    listed[index] = broken
    brokenItemId = broken.id
  }

  return {
    data: {
      seller,
      buyer,
      currency: options.currency,
      items: listed,
      unlisted,
      purchases: bought,
      brokenItemId
    },
    sampleCodes
  }
}
