import { z } from 'zod'

/**
 * Normalised data: the one shape the UI relies on, whatever a marketplace sent.
 * Field names follow the spec; the wire layer (electron/main/marketplace/wire/) maps every
 * tolerated variant onto these, once, at the edge.
 */

export const ItemKindSchema = z.enum(['image', 'video', 'audio'])
export type ItemKind = z.infer<typeof ItemKindSchema>

const ItemOptionSchema = z.object({
  /** null when the server sent a plain list of strings with no option names. */
  name: z.string().nullable(),
  values: z.array(z.string())
})
export type ItemOption = z.infer<typeof ItemOptionSchema>

export const ItemMediaSchema = z.object({
  thumbnail: z.string().nullable(),
  preview_image: z.string().nullable(),
  preview_video: z.string().nullable(),
  preview_audio: z.string().nullable(),
  screenshots: z.array(z.string())
})

export const ItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Seller-written HTML: sanitise before display. */
  description: z.string(),
  category: z.string(),
  sub_category: z.string().nullable(),
  options: z.array(ItemOptionSchema),
  version: z.string().nullable(),
  demo_link: z.string().nullable(),
  tags: z.array(z.string()),
  media: ItemMediaSchema,
  price: z.object({ regular: z.number(), extended: z.number() }),
  currency: z.string().nullable(),
  published_at: z.string().nullable(),
  /** Derived from media: video if it has a video preview, audio if audio, else image. */
  kind: ItemKindSchema
})
export type Item = z.infer<typeof ItemSchema>

const SocialLinkSchema = z.object({
  network: z.string(),
  /** What the server sent: a user name or a URL. */
  handle: z.string(),
  /** An http(s) link built from the handle, or null when none can be built safely. */
  url: z.string().nullable()
})
export type SocialLink = z.infer<typeof SocialLinkSchema>

export const AccountSchema = z.object({
  name: z.object({ firstname: z.string(), lastname: z.string(), full_name: z.string() }),
  username: z.string(),
  email: z.string(),
  balance: z.number(),
  currency: z.string().nullable(),
  profile: z.object({
    heading: z.string().nullable(),
    /** Seller-written HTML: sanitise before display. */
    description: z.string().nullable(),
    contact: z.object({ email: z.string().nullable() }),
    social_links: z.array(SocialLinkSchema),
    media: z.object({ avatar: z.string().nullable(), cover: z.string().nullable() })
  }),
  registered_at: z.string().nullable()
})
export type Account = z.infer<typeof AccountSchema>

const LicenseSchema = z.enum(['regular', 'extended', 'unknown'])
export type License = z.infer<typeof LicenseSchema>

export const PurchaseSchema = z.object({
  purchase_code: z.string(),
  /** The text as the site sent it (it may be translated). */
  license_type: z.string(),
  /** license_type mapped loosely; 'unknown' means show the raw text. */
  license: LicenseSchema,
  price: z.number(),
  currency: z.string().nullable(),
  item: ItemSchema,
  supported_until: z.string().nullable(),
  downloaded: z.boolean(),
  date: z.string().nullable()
})
export type Purchase = z.infer<typeof PurchaseSchema>
