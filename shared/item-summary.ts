// No zod here: the page's first paint imports this, and zod stays out of that bundle.
import type { ItemSummary } from './item-query'
import type { Item } from './model'

/** Rows the grid asks main for at once: a few screens of cards, small enough to answer in a frame. */
export const ITEMS_PAGE = 120

/** The Items view's first question: no search, no filter, newest first, the first page. */
export const FIRST_WINDOW = {
  query: '',
  category: '',
  kind: 'all',
  sort: 'newest',
  offset: 0,
  limit: ITEMS_PAGE
} as const

export function summaryOf(item: Item): ItemSummary {
  return {
    id: item.id,
    name: item.name,
    category: item.category,
    sub_category: item.sub_category,
    version: item.version,
    price: item.price,
    currency: item.currency,
    published_at: item.published_at,
    kind: item.kind,
    media: { thumbnail: item.media.thumbnail, preview_image: item.media.preview_image }
  }
}
