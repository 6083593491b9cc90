import { create } from 'zustand'

/** Short confirmations ("Copied", "Saved"): announced politely, gone by themselves. */

interface ToastEntry {
  id: number
  message: string
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
  useToasts.setState((s) => ({ toasts: [...s.toasts, { id, message }].slice(-MAX_VISIBLE) }))
  setTimeout(() => useToasts.getState().dismiss(id), LIFETIME_MS)
}
