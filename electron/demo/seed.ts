import { createRandom, type Random } from './random'
import { DAY, deletedItem, FIRST_ID, generated, handcrafted, isoSeconds, SITE } from './seed-items'
import type { DemoAccount, DemoData, DemoItem, DemoPurchase } from './types'

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
