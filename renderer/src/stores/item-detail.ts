import { summaryOf } from '../../../shared/item-summary'
import { getBridge } from '../bridge'
import { latestRequest } from '../lib/latest-request'
import type { ItemsState } from './items'
import { findRow, withSummary } from './items-list'

type Set = (patch: Partial<ItemsState>) => void
type Get = () => ItemsState

// Only the latest detail request may write (an item opened, then another, quickly).
const latestDetail = latestRequest()

/** A reset drops whatever detail answer is still on its way. */
export function forgetDetail(): void {
  latestDetail.drop()
}

/** Opening one item: its list row at once, then the full item from main, then fresh. */
export function detailActions(
  set: Set,
  get: Get
): Pick<ItemsState, 'loadDetail' | 'refreshDetail'> {
  return {
    async loadDetail(id) {
      const isLatest = latestDetail.start()
      const current = get().detail
      const known = current?.id === id ? current.item : null
      const list = get().list
      const preview = known ? summaryOf(known) : list ? (findRow(list, id) ?? null) : null
      set({
        detail: {
          id,
          item: known,
          preview,
          freshness: null,
          status: known ? 'ready' : 'loading',
          error: null,
          refreshing: Boolean(known ?? preview)
        }
      })
      const first = await getBridge().getItem({ id })
      if (!isLatest()) return
      if (!first.ok) {
        set({
          detail: {
            id,
            item: known,
            preview,
            freshness: null,
            status: known ? 'ready' : 'error',
            error: first.error,
            refreshing: false
          }
        })
        return
      }
      const cachedOnly = first.data.freshness.source === 'cache'
      // Opened by id while the list comes from known ids: main now knows it, so should the list.
      const now = get().list
      if (now?.listProblem && !findRow(now, id)) {
        set({ list: withSummary(now, summaryOf(first.data.data)) })
      }
      set({
        detail: {
          id,
          item: first.data.data,
          preview,
          freshness: first.data.freshness,
          status: 'ready',
          error: null,
          refreshing: cachedOnly
        }
      })
      if (cachedOnly) await get().refreshDetail()
    },

    async refreshDetail() {
      const current = get().detail
      if (!current) return
      if (!current.item) return get().loadDetail(current.id)
      const isLatest = latestDetail.start()
      set({ detail: { ...current, refreshing: true } })
      const result = await getBridge().getItem({ id: current.id, refresh: true })
      if (!isLatest()) return
      const latest = get().detail
      if (!latest || latest.id !== current.id) return
      set({
        detail: result.ok
          ? {
              ...latest,
              item: result.data.data,
              freshness: result.data.freshness,
              error: null,
              refreshing: false
            }
          : { ...latest, error: result.error, refreshing: false }
      })
    }
  }
}
