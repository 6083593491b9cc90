import { z } from 'zod'
import type { Item, ItemKind, ItemOption } from '../../../../shared/model'
import {
  cleanUrl,
  text,
  textOrEmpty,
  wireLink,
  wireNumber,
  wireTimestamp,
  wireUrl,
  wireVersion
} from './fields'

// An item as the spec and real installs send it, made the model's Item.

/** real-installs §20: a comma-joined string or a list. */
const wireTags = z
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
const wireScreenshots = z
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
const wireOptions = z
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

function itemKindOf(media: Item['media']): ItemKind {
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
  .transform((w): Item => ({ ...w, kind: itemKindOf(w.media) }))
