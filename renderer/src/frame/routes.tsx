import { lazy, useEffect, useSyncExternalStore, type ComponentType } from 'react'
import type { View } from '../stores/nav'
import { afterFirstScreen } from './page-code'

/**
 * Every view loads on first visit, so the first paint (the frame) waits for no view's code
 * and the Items view does not wait for Account's (which brings the HTML sanitiser along).
 *
 * A view is rendered only once its code is here (useViewCode): a lazy component that
 * suspends shows its fallback, and React then holds the view back until 300 ms after that
 * fallback appeared (its reveal throttle), however soon the code arrives.
 */
interface Code {
  load(): Promise<unknown>
  ready(): boolean
}
interface ViewCode<P> extends Code {
  Component: ComponentType<P>
}

const listeners = new Set<() => void>()
let loadedCount = 0

function viewCode<P extends object>(load: () => Promise<ComponentType<P>>): ViewCode<P> {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  const start = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (c) => {
        loaded = c
        loadedCount++
        for (const l of listeners) l()
        return c
      },
      (e: unknown) => {
        // A failed load (the host stopped) is tried again on the next visit.
        loading = null
        throw e
      }
    ))
  const Component = lazy(() => {
    if (!loaded) return start().then((c) => ({ default: c }))
    // Called back at once, so lazy() reads the code without suspending.
    const module = { default: loaded }
    const now = { then: (resolve: (m: typeof module) => void) => resolve(module) }
    return now as unknown as Promise<typeof module>
  })
  return { Component, load: start, ready: () => loaded !== null }
}

const account = viewCode(() => import('../views/account/AccountView').then((m) => m.AccountView))
const connect = viewCode(() => import('../views/connect/ConnectView').then((m) => m.ConnectView))
const settings = viewCode(() =>
  import('../views/settings/SettingsView').then((m) => m.SettingsView)
)
const items = viewCode(() => import('../views/items/ItemsView').then((m) => m.ItemsView))
const itemDetail = viewCode(() =>
  import('../views/items/ItemDetailView').then((m) => m.ItemDetailView)
)
const validate = viewCode(() =>
  import('../views/validate/ValidateView').then((m) => m.ValidateView)
)
const history = viewCode(() => import('../views/history/HistoryView').then((m) => m.HistoryView))

export const AccountView = account.Component
export const ConnectView = connect.Component
export const SettingsView = settings.Component
export const ItemsView = items.Component
export const ItemDetailView = itemDetail.Component
export const ValidateView = validate.Component
export const HistoryView = history.Component

const byView: Record<View, Code[]> = {
  account: [account],
  items: [items],
  item: [itemDetail, items],
  validate: [validate],
  history: [history],
  settings: [settings]
}

const allCodes: Code[] = [account, connect, settings, items, itemDetail, validate, history]

const loadAll = (codes: Code[]): Promise<void> =>
  Promise.allSettled(codes.map((c) => c.load())).then(() => undefined)

/**
 * Asks for the code of the view the app opens on (Connect without a connection) and no
 * other: the Items view is a file of its own, and evaluating every view's code (and its
 * styles) first held the launch's first card back (docs/performance.md, P1). Settles once
 * it is here or failed.
 */
export function loadViewCode(view: View | 'connect'): Promise<void> {
  return loadAll(view === 'connect' ? [connect] : byView[view])
}

/** Asks for every view's code; settles once it is here or failed. */
function preloadViews(): Promise<void> {
  return loadAll(allCodes)
}

const subscribe = (l: () => void): (() => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}

/**
 * Whether the view's code is here; asks for it when not. Once one view's code is here and
 * the first frame is painted, the rest loads too, so a later first visit shows no placeholder.
 */
export function useViewCode(view: View): boolean {
  const codes = byView[view]
  useSyncExternalStore(subscribe, () => loadedCount)
  const ready = codes.every((c) => c.ready())
  useEffect(() => {
    if (ready) void afterFirstScreen().then(preloadViews)
    else for (const c of codes) void c.load().catch(() => {})
  }, [codes, ready])
  return ready
}
