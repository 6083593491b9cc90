import { create } from 'zustand'
import type { AppError, Result } from '../../../shared/errors'
import type { ConnectionView, ConnectionsState, RequestOf } from '../../../shared/ipc/contract'
import { getBridge } from '../bridge'

type Status = 'idle' | 'loading' | 'ready' | 'error'

interface ConnectionsStore {
  state: ConnectionsState | null
  status: Status
  error: AppError | null
  load(): Promise<void>
  add(request: RequestOf<'addConnection'>): Promise<Result<ConnectionView>>
  update(request: RequestOf<'updateConnection'>): Promise<Result<ConnectionView>>
  remove(id: string): Promise<Result<ConnectionsState>>
  setActive(id: string): Promise<Result<ConnectionsState>>
  startDemo(): Promise<Result<ConnectionView>>
}

/** The active connection, or null before the first load or when there is none. */
export function selectActive(s: Pick<ConnectionsStore, 'state'>): ConnectionView | null {
  const st = s.state
  return st?.connections.find((c) => c.id === st.activeId) ?? null
}

export const useConnections = create<ConnectionsStore>((set, get) => {
  /** After a change main is the source of truth: read the whole state again. */
  async function reload(): Promise<void> {
    const r = await getBridge().listConnections()
    if (r.ok) set({ state: r.data, status: 'ready', error: null })
  }

  // The page asks as its code starts, and the frame again as it mounts: one question to main.
  let loading: Promise<void> | null = null

  return {
    state: null,
    status: 'idle',
    error: null,

    load() {
      return (loading ??= (async () => {
        set({ status: get().state ? 'ready' : 'loading', error: null })
        const r = await getBridge().listConnections()
        if (r.ok) set({ state: r.data, status: 'ready', error: null })
        else set({ status: get().state ? 'ready' : 'error', error: r.error })
      })().finally(() => {
        loading = null
      }))
    },

    async add(request) {
      const r = await getBridge().addConnection(request)
      if (r.ok) await reload()
      return r
    },

    async update(request) {
      const r = await getBridge().updateConnection(request)
      if (r.ok) await reload()
      return r
    },

    async remove(id) {
      const r = await getBridge().removeConnection({ id })
      if (r.ok) set({ state: r.data, status: 'ready' })
      return r
    },

    async setActive(id) {
      const r = await getBridge().setActiveConnection({ id })
      if (r.ok) set({ state: r.data, status: 'ready' })
      return r
    },

    async startDemo() {
      const r = await getBridge().startDemo()
      if (r.ok) await reload()
      return r
    }
  }
})
