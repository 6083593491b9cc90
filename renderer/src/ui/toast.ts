import { create } from 'zustand'
import { useNav, type View } from '../stores/nav'

/**
 * Short confirmations ("Copied", "Saved"): announced politely, gone by themselves, and gone
 * with the view they were about when the seller moves on.
 */

interface ToastEntry {
  id: number
  message: string
  view: View
}

interface ToastState {
  toasts: ToastEntry[]
  dismiss(id: number): void
}

const LIFETIME_MS = 3500
const MAX_VISIBLE = 3
let nextId = 1

export const useToasts = create<ToastState>((set) => ({
  toasts: [],
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }))
}))

export function toast(message: string): void {
  const id = nextId++
  const view = useNav.getState().view
  useToasts.setState((s) => ({
    toasts: [...s.toasts, { id, message, view }].slice(-MAX_VISIBLE)
  }))
  setTimeout(() => useToasts.getState().dismiss(id), LIFETIME_MS)
}

// A move to another view takes the last view's toasts with it.
useNav.subscribe((nav, before) => {
  if (nav.view === before.view) return
  const { toasts } = useToasts.getState()
  if (toasts.some((t) => t.view !== nav.view))
    useToasts.setState({ toasts: toasts.filter((t) => t.view === nav.view) })
})
