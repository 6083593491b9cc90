import { create } from 'zustand'
import type { AppError } from '../../../shared/errors'
import type { Validation } from '../../../shared/ipc/contract'
import { getBridge } from '../bridge'
import { normaliseCode } from '../lib/codes'

const MAX_RECENT = 50

interface ValidateState {
  /** What is in the field (kept when the seller opens the item and comes back). */
  input: string
  checking: boolean
  /** The code of the latest check, for Retry after an error. */
  lastCode: string | null
  result: Validation | null
  error: AppError | null
  /** Epoch ms until which the marketplace asked us to wait. */
  retryAt: number | null
  /** This session's lookups, newest first, one per code. */
  recent: Validation[]

  setInput(value: string): void
  check(code: string): Promise<void>
  retry(): Promise<void>
  show(validation: Validation): void
  reset(): void
}

let seq = 0

export const useValidate = create<ValidateState>((set, get) => ({
  input: '',
  checking: false,
  lastCode: null,
  result: null,
  error: null,
  retryAt: null,
  recent: [],

  setInput(value) {
    set({ input: value })
  },

  async check(raw) {
    const code = normaliseCode(raw)
    if (!code) return
    const mine = ++seq
    set({ checking: true, lastCode: code, error: null, result: null, retryAt: null })
    const r = await getBridge().validatePurchase({ code })
    if (mine !== seq) return
    if (r.ok) {
      const recent = [r.data, ...get().recent.filter((v) => v.code !== r.data.code)].slice(
        0,
        MAX_RECENT
      )
      set({ checking: false, result: r.data, recent })
    } else {
      const retryAt = r.error.retryAfterMs !== undefined ? Date.now() + r.error.retryAfterMs : null
      set({ checking: false, error: r.error, retryAt })
    }
  },

  async retry() {
    const code = get().lastCode
    if (code) await get().check(code)
  },

  show(validation) {
    seq++
    set({
      result: validation,
      error: null,
      checking: false,
      retryAt: null,
      lastCode: validation.code,
      input: validation.code
    })
  },

  reset() {
    seq++
    set({
      input: '',
      checking: false,
      lastCode: null,
      result: null,
      error: null,
      retryAt: null,
      recent: []
    })
  }
}))
