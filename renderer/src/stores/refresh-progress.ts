import { create } from 'zustand'
import type { RefreshProgress } from '../../../shared/ipc/contract'
import { getBridge } from '../bridge'

/** A refresh shorter than this shows no progress: nothing flickers for a quick one. */
const SHOW_AFTER_MS = 1_000
/** How often the page asks main while it waits on a refresh (main cannot tell it). */
export const POLL_MS = 400

interface RefreshProgressState {
  /** How far the catalogue refresh the page waits on is; null when none (or it is short). */
  progress: RefreshProgress | null
  /** Cancel was pressed: the refresh is stopping, and will answer with the saved list. */
  cancelling: boolean
  cancel(): Promise<void>
}

export const useRefreshProgress = create<RefreshProgressState>((set, get) => ({
  progress: null,
  cancelling: false,
  async cancel() {
    if (get().cancelling || !get().progress?.cancellable) return
    set({ cancelling: true })
    const result = await getBridge().cancelRefresh()
    // Nothing left to cancel (it is saving already, or has ended): it answers as it will.
    if (!result.ok || !result.data.cancelled) set({ cancelling: false })
  }
}))

let waiting = 0
let polling = false

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Asks main how far the refresh is for as long as the page waits on one. */
async function poll(): Promise<void> {
  polling = true
  try {
    for (;;) {
      await pause(POLL_MS)
      if (waiting === 0) return
      const result = await getBridge().getRefreshProgress()
      if (waiting === 0) return
      const progress = result.ok ? result.data : null
      useRefreshProgress.setState({
        progress: progress && progress.elapsedMs >= SHOW_AFTER_MS ? progress : null
      })
    }
  } finally {
    polling = false
  }
}

/**
 * Runs a catalogue read that may ask the marketplace (a refresh, a first sync) and keeps
 * `progress` up to date while it runs; cleared when the last such read has answered.
 */
export async function watchingRefresh<T>(read: () => Promise<T>): Promise<T> {
  waiting++
  if (!polling) void poll()
  try {
    return await read()
  } finally {
    waiting--
    if (waiting === 0) useRefreshProgress.setState({ progress: null, cancelling: false })
  }
}
