import { expect, it, vi } from 'vitest'
import type { Handlers } from '../../electron/main/ipc/dispatch'
import { warmFirstScreen } from '../../electron/host/warm-start'

it('asks main for the window the app opens on (main decides whether it opens on Items)', async () => {
  const openingWindow = vi.fn(async () => null)
  await warmFirstScreen({ handlers: { openingWindow } as unknown as Handlers })
  expect(openingWindow).toHaveBeenCalledTimes(1)
})

it('leaves a failure to the page, which asks again and shows it', async () => {
  const openingWindow = vi.fn(async () => {
    throw new Error('no cached list')
  })
  await expect(
    warmFirstScreen({ handlers: { openingWindow } as unknown as Handlers })
  ).resolves.toBeUndefined()
  expect(openingWindow).toHaveBeenCalledTimes(1)
})
