import { CATALOGUE, GENERATED, type CatalogueEntry } from './catalogue'
import type { Random } from './random'
import type { DemoItem, DemoItemKind } from './types'

// The demo's items: the hand-written catalogue turned into items, and generated ones to any size.

export const DAY = 86_400_000
export const FIRST_ID = 101
export const SITE = 'lumen-studio.example'

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const slugOf = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')

export const isoSeconds = (ms: number): string =>
  new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

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

export function handcrafted(rnd: Random): DemoItem[] {
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
export function deletedItem(): DemoItem {
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
export function generated(rnd: Random, count: number, firstId: number, after: number): DemoItem[] {
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
