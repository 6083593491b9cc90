import { lazy } from 'react'

/**
 * The heavier views load on first visit, so the first paint (Account) does not wait for
 * the item grid's or the history table's code.
 */
export const ItemsView = lazy(() =>
  import('../views/items/ItemsView').then((m) => ({ default: m.ItemsView }))
)
export const ItemDetailView = lazy(() =>
  import('../views/items/ItemDetailView').then((m) => ({ default: m.ItemDetailView }))
)
export const ValidateView = lazy(() =>
  import('../views/validate/ValidateView').then((m) => ({ default: m.ValidateView }))
)
export const HistoryView = lazy(() =>
  import('../views/history/HistoryView').then((m) => ({ default: m.HistoryView }))
)
