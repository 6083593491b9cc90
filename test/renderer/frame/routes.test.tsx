import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import { Suspense } from 'react'
import { beforeEach, expect, it } from 'vitest'
import { SettingsView, useViewCode } from '../../../renderer/src/frame/routes'
import { installFakeBridge, resetStores } from '../fake-bridge'

beforeEach(() => resetStores())

it('renders a view whose code is here at once, never through its Suspense fallback', async () => {
  installFakeBridge()
  const { result } = renderHook(() => useViewCode('settings'))
  expect(result.current).toBe(false)
  await waitFor(() => expect(result.current).toBe(true))
  // A fallback, once shown, would hold the view back for React's 300 ms reveal throttle.
  let fallbacks = 0
  function Fallback(): null {
    fallbacks++
    return null
  }
  act(() => {
    render(
      <Suspense fallback={<Fallback />}>
        <SettingsView />
      </Suspense>
    )
  })
  expect(fallbacks).toBe(0)
  expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument()
})
