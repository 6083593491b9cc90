import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { App } from '../../../../renderer/src/App'
import { ConnectView } from '../../../../renderer/src/views/connect/ConnectView'
import { useNav } from '../../../../renderer/src/stores/nav'
import type { Result } from '../../../../shared/errors'
import type { ConnectionView } from '../../../../shared/ipc/contract'
import {
  deferred,
  err,
  installFakeBridge,
  ok,
  resetStores,
  sampleConnection,
  sampleConnections,
  type BridgeOverrides
} from '../../fake-bridge'

const KEY = 'a'.repeat(64)

beforeEach(() => resetStores())

function setup(overrides: BridgeOverrides = {}) {
  const bridge = installFakeBridge(overrides)
  render(<ConnectView />)
  return bridge
}

async function fill(url = 'https://market.test', key = KEY): Promise<void> {
  await userEvent.type(screen.getByLabelText('Marketplace URL'), url)
  await userEvent.click(screen.getByLabelText('API key'))
  await userEvent.paste(key)
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Test and save' }))

describe('Connect', () => {
  it('has labelled fields, a masked key with a show toggle, and focuses the URL', async () => {
    setup()
    const url = screen.getByLabelText('Marketplace URL')
    expect(url).toHaveFocus()
    const key = screen.getByLabelText('API key')
    expect(key).toHaveAttribute('type', 'password')
    await userEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(key).toHaveAttribute('type', 'text')
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText(/Label/)).toBeInTheDocument()
  })

  it('lists the steps to find a key', () => {
    setup()
    const steps = screen.getByRole('region', { name: 'Where to find your API key' })
    expect(steps).toHaveTextContent(/Log in/)
    expect(steps).toHaveTextContent(/Settings/)
    expect(steps).toHaveTextContent(/API key/)
  })

  it('asks for missing fields without calling main', async () => {
    const bridge = setup()
    await submit()
    expect(screen.getByText('Enter the marketplace URL.')).toBeInTheDocument()
    expect(screen.getByLabelText('Marketplace URL')).toHaveAttribute('aria-invalid', 'true')
    expect(bridge.calls.addConnection).toBeUndefined()
  })

  it('trims a pasted key and URL, shows a busy state while testing, and saves', async () => {
    const answer = deferred<Result<ConnectionView>>()
    const bridge = setup({ addConnection: () => answer.promise })
    await fill('  https://market.test/  ', `  ${KEY}\n`)
    await submit()
    expect(bridge.calls.addConnection).toEqual([{ baseUrl: 'https://market.test/', apiKey: KEY }])
    const busy = screen.getByRole('button', { name: 'Testing the key…' })
    expect(busy).toBeDisabled()
    expect(screen.getByLabelText('API key')).toBeDisabled()
    await act(async () => answer.resolve(ok(sampleConnection())))
    expect(bridge.listConnections).toHaveBeenCalled()
  })

  it('sends the label only when one is given', async () => {
    const bridge = setup()
    await fill()
    await userEvent.type(screen.getByLabelText(/Label/), '  My shop ')
    await submit()
    expect(bridge.calls.addConnection?.[0]?.label).toBe('My shop')
  })

  it('says the key was refused and marks the key field', async () => {
    setup({ addConnection: async () => err('unauthorized', 'The marketplace answered 401.') })
    await fill()
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent('The marketplace refused this key')
    expect(screen.getByLabelText('API key')).toHaveAttribute('aria-invalid', 'true')
    // Focused by an effect after the render that shows the alert, which may run a task later.
    await waitFor(() => expect(screen.getByLabelText('API key')).toHaveFocus())
  })

  it('offers "Save anyway" for a key with no items and resends with allowNoItems', async () => {
    const bridge = setup({
      addConnection: async (req) =>
        req.allowNoItems
          ? ok(sampleConnection())
          : err('not-a-seller', 'The marketplace lists no items for @mira.')
    })
    await fill()
    await submit()
    const warning = await screen.findByRole('alert')
    expect(warning).toHaveTextContent('The marketplace lists no items for @mira.')
    // The key works: a warning with a way on, not a red error.
    expect(warning).toHaveAttribute('data-tone', 'warning')
    await userEvent.click(screen.getByRole('button', { name: 'Save anyway' }))
    expect(bridge.calls.addConnection?.[1]).toEqual({
      baseUrl: 'https://market.test',
      apiKey: KEY,
      allowNoItems: true
    })
  })

  it('offers a session-only key when the keychain is unavailable', async () => {
    const bridge = setup({
      addConnection: async (req) =>
        req.sessionOnly ? ok(sampleConnection()) : err('keychain-unavailable', 'No keychain.')
    })
    await fill()
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The system keychain is not available'
    )
    await userEvent.click(screen.getByRole('button', { name: 'Keep for this session only' }))
    expect(bridge.calls.addConnection?.[1]).toMatchObject({ sessionOnly: true })
  })

  // One message, one next step: main's sentence (much the same advice) is not added below.
  it.each([
    ['insecure-url', 'Use an https:// address'],
    ['api-unavailable', 'market.test has the Seller API switched off'],
    ['offline', 'Can’t reach market.test'],
    ['timeout', 'Can’t reach market.test']
  ] as const)('explains %s once and marks the URL field', async (kind, text) => {
    setup({ addConnection: async () => err(kind, 'detail from main') })
    await fill()
    await submit()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(text)
    expect(alert).not.toHaveTextContent('detail from main')
    expect(alert.querySelectorAll('p')).toHaveLength(1)
    expect(screen.getByLabelText('Marketplace URL')).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows main’s sentence alone where it knows what the site did', async () => {
    const said = 'This address answers with a web page, not the Seller API: check the URL.'
    setup({ addConnection: async () => err('blocked', said) })
    await fill()
    await submit()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(said)
    expect(alert.querySelectorAll('p')).toHaveLength(1)
    expect(screen.getByLabelText('Marketplace URL')).toHaveAttribute('aria-invalid', 'true')
  })

  it('clears the last error as soon as the form is sent again', async () => {
    setup({ addConnection: async () => err('unauthorized', 'The marketplace answered 401.') })
    await fill()
    await submit()
    await screen.findByRole('alert')
    await userEvent.clear(screen.getByLabelText('API key'))
    await submit()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByText('Enter the API key.')).toBeInTheDocument()
  })

  it('shows main’s message for invalid input', async () => {
    setup({ addConnection: async () => err('invalid-input', 'That is not a web address.') })
    await fill('not a url')
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent('That is not a web address.')
  })

  it('shows hostile text from main as text', async () => {
    setup({ addConnection: async () => err('server', '<img src=x onerror="window.__pwned=1">') })
    await fill()
    await submit()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('<img src=x onerror="window.__pwned=1">')
    expect(alert.querySelector('img')).toBeNull()
  })

  it('starts the demo from "Explore the demo"', async () => {
    const bridge = setup()
    useNav.setState({ view: 'settings' })
    await userEvent.click(screen.getByRole('button', { name: 'Explore the demo' }))
    expect(bridge.startDemo).toHaveBeenCalledTimes(1)
    expect(useNav.getState().view).toBe('account')
  })

  it('says why the demo could not start', async () => {
    setup({
      startDemo: async () => err('internal', 'The demo marketplace is not available in this build.')
    })
    await userEvent.click(screen.getByRole('button', { name: 'Explore the demo' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('not available in this build')
  })

  it('moves from the Connect screen to the frame once connected', async () => {
    let connected = false
    installFakeBridge({
      listConnections: async () =>
        ok(
          connected
            ? sampleConnections()
            : { connections: [], activeId: null, keychain: 'available' }
        ),
      addConnection: async () => {
        connected = true
        return ok(sampleConnection())
      }
    })
    render(<App />)
    await screen.findByRole('heading', { name: 'Connect your marketplace' })
    await fill()
    await submit()
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument()
  })
})
