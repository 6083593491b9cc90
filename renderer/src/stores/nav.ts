import { create } from 'zustand'
import type { MainView } from '../../../shared/ipc/contract'
import { getBridge } from '../bridge'

export type View = MainView | 'item'

interface NavState {
  view: View
  /** The item shown by the 'item' view. */
  itemId: number | null
  /** Where Back (Escape) returns from a detail view. */
  previous: View
  /** The item just left by Back: its card takes the focus again when the list shows. */
  returnFocusTo: number | null
  /**
   * Counts the seller's moves (go, openItem, back; not the start's restore): each one sends
   * the focus to the view it arrives at (frame/arrival-focus.ts).
   */
  arrival: number
  go(view: MainView): void
  /**
   * At start: the view the seller left the app on, as settings keep it. Ignored once the
   * seller has gone elsewhere.
   */
  restore(view: MainView): void
  /** The list calls this once it has put the focus back. */
  focusReturned(): void
  openItem(id: number): void
  back(): void
}

let moved = false
let saved: View | null = null

/** Main keeps the last view, so the next start opens where the seller was. */
function remember(view: View): void {
  moved = true
  if (view === 'item' || view === saved) return
  saved = view
  void getBridge().setLastView({ view })
}

export const useNav = create<NavState>((set, get) => ({
  view: 'account',
  itemId: null,
  previous: 'items',
  returnFocusTo: null,
  arrival: 0,
  go: (view) => {
    if (view !== get().view) remember(view)
    set({ view, returnFocusTo: null, arrival: get().arrival + 1 })
  },
  restore: (view) => {
    if (moved) return
    saved = view
    set({ view })
  },
  focusReturned: () => set({ returnFocusTo: null }),
  openItem: (id) =>
    set({
      view: 'item',
      itemId: id,
      previous: get().view === 'item' ? get().previous : get().view,
      arrival: get().arrival + 1
    }),
  back: () => {
    const view = get().previous
    if (view !== 'item') remember(view)
    set({ view, itemId: null, returnFocusTo: get().itemId, arrival: get().arrival + 1 })
  }
}))

/** Tests only: a fresh start may restore the last view again. */
export function resetNavForTests(): void {
  moved = false
  saved = null
}
