import { create } from 'zustand'

export type View = 'account' | 'items' | 'item' | 'validate' | 'history' | 'settings'

interface NavState {
  view: View
  /** The item shown by the 'item' view. */
  itemId: number | null
  /** Where Back (Escape) returns from a detail view. */
  previous: View
  /** The item just left by Back: its card takes the focus again when the list shows. */
  returnFocusTo: number | null
  go(view: Exclude<View, 'item'>): void
  /** The list calls this once it has put the focus back. */
  focusReturned(): void
  openItem(id: number): void
  back(): void
}

export const useNav = create<NavState>((set, get) => ({
  view: 'account',
  itemId: null,
  previous: 'items',
  returnFocusTo: null,
  go: (view) => set({ view, returnFocusTo: null }),
  focusReturned: () => set({ returnFocusTo: null }),
  openItem: (id) =>
    set({
      view: 'item',
      itemId: id,
      previous: get().view === 'item' ? get().previous : get().view
    }),
  back: () => set({ view: get().previous, itemId: null, returnFocusTo: get().itemId })
}))
