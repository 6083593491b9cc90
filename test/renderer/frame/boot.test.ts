import { afterEach, beforeEach, expect, it } from 'vitest'
import { bootFirstScreen } from '../../../renderer/src/frame/boot'
import { useConnections } from '../../../renderer/src/stores/connections'
import { useNav } from '../../../renderer/src/stores/nav'
import { useSettings } from '../../../renderer/src/stores/settings'
import { installFakeBridge, resetStores, sampleConnections } from '../fake-bridge'

let stop: (() => void) | null = null
beforeEach(() => resetStores())
afterEach(() => stop?.())

it('asks for the first window once settings say Items opens and a connection exists, before any view renders', () => {
  const bridge = installFakeBridge()
  stop = bootFirstScreen()
  useNav.getState().restore('items')
  useSettings.setState({ loaded: true })
  expect(bridge.queryItems).not.toHaveBeenCalled()
  useConnections.setState({ state: sampleConnections(), status: 'ready' })
  expect(bridge.queryItems).toHaveBeenCalledTimes(1)
})

it('asks for nothing when the app opens elsewhere or has no connection', () => {
  const bridge = installFakeBridge()
  stop = bootFirstScreen()
  useSettings.setState({ loaded: true })
  useConnections.setState({ state: sampleConnections(), status: 'ready' })
  stop()
  resetStores()
  stop = bootFirstScreen()
  useNav.getState().restore('items')
  useSettings.setState({ loaded: true })
  useConnections.setState({
    state: { connections: [], activeId: null, keychain: 'available' },
    status: 'ready'
  })
  expect(bridge.queryItems).not.toHaveBeenCalled()
})
