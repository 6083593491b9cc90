import { z } from 'zod'
import { ItemKindSchema, ItemMediaSchema, ItemSchema } from './model'

/**
 * What the Items view asks for (search, filters, sort) and the compact row a card shows.
 * Main runs the search (electron/main/catalogue/item-search.ts) over an index built once
 * per list and answers the window the grid shows; the page never holds the whole catalogue.
 */

export const ItemSortSchema = z.enum(['newest', 'name', 'price-asc', 'price-desc'])
export type ItemSort = z.infer<typeof ItemSortSchema>
export const KindFilterSchema = z.union([ItemKindSchema, z.literal('all')])
export type KindFilter = z.infer<typeof KindFilterSchema>

export interface ItemFilters {
  query: string
  /** '' = every category. */
  category: string
  kind: KindFilter
  sort: ItemSort
}

/** What a card or a list row shows; the detail view reads the full item by id. */
export const ItemSummarySchema = ItemSchema.pick({
  id: true,
  name: true,
  category: true,
  sub_category: true,
  version: true,
  price: true,
  currency: true,
  published_at: true,
  kind: true
}).extend({ media: ItemMediaSchema.pick({ thumbnail: true, preview_image: true }) })
export type ItemSummary = z.infer<typeof ItemSummarySchema>
