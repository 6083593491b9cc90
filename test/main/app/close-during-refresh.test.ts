import { afterEach, expect, it } from 'vitest'
import { FIRST_WINDOW } from '../../../shared/item-summary'
import { demoAppWithList } from '../../support/demo-app'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

it('closing while a catalogue refresh runs cancels it, and close waits for it to end', async () => {
  // A list large enough to be read on the parse thread (over 1 MiB).
  const { app, call } = await demoAppWithList(cleanups, { size: 3000 })

  let refreshEnded = false
  const refresh = call('queryItems', { ...FIRST_WINDOW, refresh: true }).finally(() => {
    refreshEnded = true
  })
  // The refresh is under way (its request sent) when the app is asked to close.
  await expect
    .poll(async () => {
      const progress = await call('getRefreshProgress')
      return progress.ok && progress.data !== null
    })
    .toBe(true)
  expect(refreshEnded).toBe(false)
  await app.close()
  expect(refreshEnded).toBe(true)
  // Cancelled by the close, it ends as cancelled: nobody is left to show the saved list to.
  const answered = await refresh
  expect(answered).toMatchObject({ ok: false, error: { kind: 'aborted' } })
})
