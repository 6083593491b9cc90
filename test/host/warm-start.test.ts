import { expect, it, vi } from 'vitest'
import type { Handlers } from '../../electron/main/ipc/dispatch'
import { warmFirstScreen } from '../../electron/host/warm-start'
import { FIRST_WINDOW, ITEMS_PAGE } from '../../shared/item-summary'

function app(lastView: 'account' | 'items' | undefined): {
  handlers: Handlers
  queryItems: ReturnType<typeof vi.fn>
} {
  const queryItems = vi.fn(async () => {
    throw new Error('no cached list')
  })
  const handlers = {
    getSettings: async () => (lastView ? { theme: 'system', lastView } : { theme: 'system' }),
    queryItems
  } as unknown as Handlers
  return { handlers, queryItems }
}

it('reads the first window of the cached list when the app will open on Items', async () => {
  const a = app('items')
  await warmFirstScreen(a)
  expect(a.queryItems).toHaveBeenCalledWith({ ...FIRST_WINDOW })
  expect(FIRST_WINDOW).toMatchObject({ offset: 0, limit: ITEMS_PAGE, sort: 'newest' })
})

it('reads nothing when the app opens elsewhere', async () => {
  for (const view of ['account', undefined] as const) {
    const a = app(view)
    await warmFirstScreen(a)
    expect(a.queryItems).not.toHaveBeenCalled()
  }
})
