import { create } from 'zustand'

export type View = 'account' | 'items' | 'item' | 'validate' | 'history' | 'settings'

interface NavState {
  view: View
  /** The item shown by the 'item' view. */
  itemId: number | null
  /** Where Back (Escape) returns from a detail view. */
  previous: View
  go(view: Exclude<View, 'item'>): void
  openItem(id: number): void
  back(): void
}

export const useNav = create<NavState>((set, get) => ({
  view: 'account',
  itemId: null,
  previous: 'items',
  go: (view) => set({ view }),
  openItem: (id) =>
    set({
      view: 'item',
      itemId: id,
      previous: get().view === 'item' ? get().previous : get().view
    }),
  back: () => set({ view: get().previous, itemId: null })
}))
