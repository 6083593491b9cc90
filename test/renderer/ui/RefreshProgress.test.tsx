import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RefreshProgress } from '../../../shared/ipc/contract'
import { useRefreshProgress } from '../../../renderer/src/stores/refresh-progress'
import { progressWords, RefreshProgressBar } from '../../../renderer/src/ui/RefreshProgress'
import { installFakeBridge, ok, resetStores } from '../fake-bridge'

const progress = (patch: Partial<RefreshProgress> = {}): RefreshProgress => ({
  phase: 'downloading',
  done: 4_200_000,
  total: 15_100_000,
  elapsedMs: 1_500,
  cancellable: true,
  ...patch
})

const show = (p: RefreshProgress | null): void =>
  act(() => useRefreshProgress.setState({ progress: p }))

beforeEach(() => resetStores())
afterEach(() => useRefreshProgress.setState({ progress: null, cancelling: false }))

describe('progressWords', () => {
  it('says each stage with its figures, in the whole’s unit', () => {
    expect(progressWords(progress())).toBe('Syncing · 4.2 of 15.1 MB')
    expect(progressWords(progress({ total: null, done: 900_000 }))).toBe(
      'Syncing · 900 kB received'
    )
    expect(progressWords(progress({ phase: 'waiting', done: 0, total: null }))).toBe(
      'Syncing · waiting for the marketplace'
    )
    expect(progressWords(progress({ phase: 'reading', done: 6_000, total: 10_000 }))).toBe(
      'Reading · 6,000 of 10,000 items'
    )
    expect(progressWords(progress({ phase: 'indexing', done: 6_000, total: 10_000 }))).toBe(
      'Indexing · 6,000 of 10,000 items'
    )
    expect(progressWords(progress({ phase: 'saving', done: 0, total: null }))).toBe(
      'Saving the list…'
    )
  })
})

describe('RefreshProgressBar', () => {
  it('shows nothing while no long refresh runs', () => {
    installFakeBridge()
    render(<RefreshProgressBar />)
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
  })

  it('shows how far it is as a progress bar, and cancels', async () => {
    const bridge = installFakeBridge({ cancelRefresh: async () => ok({ cancelled: true }) })
    render(<RefreshProgressBar />)
    show(progress())
    const bar = screen.getByRole('progressbar', { name: 'Refresh progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('4200000')
    expect(bar.getAttribute('aria-valuemax')).toBe('15100000')
    expect(bar.getAttribute('aria-valuetext')).toBe('Syncing · 4.2 of 15.1 MB')
    expect(screen.getByText('Syncing · 4.2 of 15.1 MB')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(bridge.cancelRefresh).toHaveBeenCalledTimes(1)
    expect(screen.getByText('Cancelling the refresh…')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('aria-disabled')).toBe(
      'true'
    )
  })

  it('has no figure to claim while it waits, and cannot cancel while it saves', () => {
    installFakeBridge()
    render(<RefreshProgressBar />)
    show(progress({ phase: 'saving', done: 0, total: null, cancellable: false }))
    const bar = screen.getByRole('progressbar')
    expect(bar.hasAttribute('aria-valuenow')).toBe(false)
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('aria-disabled')).toBe(
      'true'
    )
  })

  it('hands the focus to the view’s Refresh when it goes with Cancel focused', async () => {
    installFakeBridge()
    render(
      <section aria-label="Items">
        <button type="button" data-action="refresh">
          Refresh
        </button>
        <RefreshProgressBar />
      </section>
    )
    show(progress())
    screen.getByRole('button', { name: 'Cancel' }).focus()
    show(null)
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refresh' }))
  })
})
