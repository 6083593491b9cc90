import { lazy } from 'react'

/**
 * Every view loads on first visit, so the first paint (the frame) waits for no view's code
 * and the Items view does not wait for Account's (which brings the HTML sanitiser along).
 */
export const AccountView = lazy(() =>
  import('../views/account/AccountView').then((m) => ({ default: m.AccountView }))
)
export const ConnectView = lazy(() =>
  import('../views/connect/ConnectView').then((m) => ({ default: m.ConnectView }))
)
export const SettingsView = lazy(() =>
  import('../views/settings/SettingsView').then((m) => ({ default: m.SettingsView }))
)
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
