/**
 * The demo marketplace's own data, independent of how either mode renders it. Media
 * fields hold site paths (`/media/...`): the renderers turn them into absolute URLs for
 * the host a request came in on, as a real install does.
 */

export type DemoItemKind = 'image' | 'video' | 'audio'

/** Site paths; '' is an empty path (a deleted file), rendered as the bare site root. */
interface DemoItemMedia {
  thumbnail: string
  preview_image: string | null
  preview_video: string | null
  preview_audio: string | null
  screenshots: string[]
}

export interface DemoItem {
  id: number
  name: string
  /** Seller-written HTML; one seeded item holds hostile markup on purpose. */
  description: string
  category: string
  /** null only for the item `missingSubCategory` breaks (real mode). */
  sub_category: string | null
  /** null = never set; {} = set but empty (a real install then sends `[]`). */
  options: Record<string, string | string[]> | null
  version: string | null
  demo_link: string | null
  tags: string[]
  kind: DemoItemKind
  media: DemoItemMedia
  price: { regular: number; extended: number }
  /** ISO 8601 UTC. */
  published_at: string
}

type SocialNetwork = 'facebook' | 'x' | 'youtube' | 'linkedin' | 'instagram' | 'pinterest'

export interface DemoAccount {
  /** 64 lower-case hex characters, as a real install's keys. */
  key: string
  seller: boolean
  firstname: string
  lastname: string
  username: string
  email: string
  balance: number
  registered_at: string
  profile: {
    heading: string | null
    description: string | null
    contact_email: string | null
    /** User names (a real install stores names, not URLs); null = not set. */
    social: Record<SocialNetwork, string | null>
    /** Site paths; the site's default images when the account set none. */
    avatar: string
    cover: string
  }
}

/** Anything but 'active' answers "Invalid purchase code", as on a real install. */
type DemoPurchaseState = 'active' | 'refunded' | 'cancelled' | 'other-seller'

export interface DemoPurchase {
  /** Lower-case UUID v4. */
  code: string
  itemId: number
  license: 'regular' | 'extended'
  price: number
  /** ISO 8601 UTC; null when the purchase has no support. */
  supported_until: string | null
  downloaded: boolean
  date: string
  state: DemoPurchaseState
}

export interface DemoData {
  seller: DemoAccount
  /** A complete account that sells nothing: account details answer, the rest is 404. */
  buyer: DemoAccount
  /** The site's default currency; null only when configured so (real mode). */
  currency: string | null
  /** The seller's approved catalogue, oldest first (real mode lists it newest first). */
  items: DemoItem[]
  /** Items not listed (deleted, hidden by catalogue 'single'/'empty', or beyond `size`) that purchases may still name. */
  unlisted: DemoItem[]
  purchases: DemoPurchase[]
  /** The listed item with no sub-category (`missingSubCategory`), else null. */
  brokenItemId: number | null
}
