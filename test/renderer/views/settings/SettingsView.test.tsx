import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { SettingsView } from '../../../../renderer/src/views/settings/SettingsView'
import { useConnections } from '../../../../renderer/src/stores/connections'
import { useSettings } from '../../../../renderer/src/stores/settings'
import { Toaster } from '../../../../renderer/src/ui/Toaster'
import {
  err,
  installFakeBridge,
  ok,
  resetStores,
  sampleAccount,
  sampleCacheInfo,
  sampleConnection,
  sampleConnections,
  type BridgeOverrides
} from '../../fake-bridge'

beforeEach(() => resetStores())

async function setup(overrides: BridgeOverrides = {}) {
  const bridge = installFakeBridge(overrides)
  await useConnections.getState().load()
  await useSettings.getState().load()
  render(
    <>
      <SettingsView />
      <Toaster />
    </>
  )
  return bridge
}

function row(label: string): HTMLElement {
  return within(screen.getByRole('list', { name: 'Connections' })).getByRole('listitem', {
    name: label
  })
}

describe('Settings: connections', () => {
  it('lists each connection with its address, badges and where its key is', async () => {
    await setup({
      listConnections: async () =>
        ok(
          sampleConnections({
            connections: [
              ...sampleConnections().connections,
              sampleConnection({ id: 's', label: 'Side shop', keyStorage: 'session' })
            ]
          })
        )
    })
    const main = row('market.test')
    expect(main).toHaveTextContent('https://market.test')
    expect(main).toHaveTextContent('Active')
    expect(main).toHaveTextContent('Key in the keychain')
    expect(within(main).queryByRole('button', { name: 'Use market.test' })).not.toBeInTheDocument()
    expect(row('Demo marketplace')).toHaveTextContent('Demo')
    expect(row('Side shop')).toHaveTextContent('Key for this session only')
  })

  it('tests a saved connection by id and shows who it is connected as, or why not', async () => {
    const bridge = await setup({
      testConnection: async (req) =>
        'id' in req && req.id === 'c1'
          ? ok(sampleAccount({ username: 'miraworks' }))
          : err('unauthorized', 'The marketplace refused this API key. Paste a new key in Edit.')
    })
    const user = userEvent.setup()
    await user.click(within(row('market.test')).getByRole('button', { name: 'Test market.test' }))
    expect(
      await within(row('market.test')).findByRole('status', { name: 'Test result for market.test' })
    ).toHaveTextContent('Connected as @miraworks')
    await user.click(
      within(row('Demo marketplace')).getByRole('button', { name: 'Test Demo marketplace' })
    )
    expect(
      await within(row('Demo marketplace')).findByRole('alert', {
        name: 'Test result for Demo marketplace'
      })
    ).toHaveTextContent('The marketplace refused this API key. Paste a new key in Edit.')
    // Only ids cross the bridge: the renderer never holds a stored key.
    expect(bridge.calls.testConnection).toEqual([{ id: 'c1' }, { id: 'demo' }])
  })

  it('switches the active connection', async () => {
    const bridge = await setup()
    await userEvent.click(screen.getByRole('button', { name: 'Use Demo marketplace' }))
    expect(bridge.calls.setActiveConnection).toEqual([{ id: 'demo' }])
    // The row turns active once main answers, a render after the click.
    await waitFor(() => expect(row('Demo marketplace')).toHaveTextContent('Active'))
    expect(await screen.findByText('Now using Demo marketplace')).toBeInTheDocument()
  })

  it('removes a connection only after confirming, saying the key leaves the keychain', async () => {
    const bridge = await setup()
    await userEvent.click(screen.getByRole('button', { name: 'Remove market.test' }))
    const confirm = screen.getByRole('group', { name: 'Remove market.test?' })
    expect(confirm).toHaveTextContent(
      'This deletes its API key from the keychain, its cached account, items and images, its lookup history and its balance log.'
    )
    expect(bridge.calls.removeConnection).toBeUndefined()
    // The safe choice has the focus; Escape backs out to the Remove button.
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('group', { name: 'Remove market.test?' })).not.toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove market.test' })).toHaveFocus()
    )
    await userEvent.click(screen.getByRole('button', { name: 'Remove market.test' }))
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Remove market.test?' })).getByRole('button', {
        name: 'Cancel'
      })
    )
    expect(screen.queryByRole('group', { name: 'Remove market.test?' })).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Remove market.test' }))
    await userEvent.click(screen.getByRole('button', { name: 'Remove connection' }))
    expect(bridge.calls.removeConnection).toEqual([{ id: 'c1' }])
    // Gone once main answers, a render after the click.
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Connections' })).queryByRole('listitem', {
          name: 'market.test'
        })
      ).toBeNull()
    )
  })

  it('keeps the connection and says why when removing fails', async () => {
    await setup({
      removeConnection: async () => err('keychain-unavailable', 'The keychain is locked.')
    })
    await userEvent.click(screen.getByRole('button', { name: 'Remove market.test' }))
    await userEvent.click(screen.getByRole('button', { name: 'Remove connection' }))
    expect(
      await screen.findByText('Couldn’t remove market.test: The keychain is locked.')
    ).toBeInTheDocument()
    expect(row('market.test')).toBeInTheDocument()
  })

  it('edits only what changed: a new label', async () => {
    const bridge = await setup()
    await userEvent.click(screen.getByRole('button', { name: 'Edit market.test' }))
    const form = screen.getByRole('form', { name: 'Edit market.test' })
    const label = within(form).getByLabelText('Label')
    await userEvent.clear(label)
    await userEvent.type(label, 'Main shop')
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(bridge.calls.updateConnection).toEqual([{ id: 'c1', label: 'Main shop' }])
  })

  it('closes the Edit form on Escape, sending nothing, with the focus back on Edit', async () => {
    const bridge = await setup()
    const edit = screen.getByRole('button', { name: 'Edit market.test' })
    await userEvent.click(edit)
    const form = screen.getByRole('form', { name: 'Edit market.test' })
    await userEvent.type(within(form).getByLabelText('Label'), ' changed')
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('form', { name: 'Edit market.test' })).not.toBeInTheDocument()
    expect(bridge.updateConnection).not.toHaveBeenCalled()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit market.test' })).toHaveFocus()
    )
  })

  it('replaces the key (trimmed) and shows a refusal in place', async () => {
    const bridge = await setup({ updateConnection: async () => err('unauthorized', 'Refused.') })
    await userEvent.click(screen.getByRole('button', { name: 'Edit market.test' }))
    const form = screen.getByRole('form', { name: 'Edit market.test' })
    const key = within(form).getByLabelText('Replace API key')
    expect(key).toHaveAttribute('type', 'password')
    await userEvent.click(key)
    await userEvent.paste(` ${'b'.repeat(64)} `)
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(bridge.calls.updateConnection).toEqual([{ id: 'c1', apiKey: 'b'.repeat(64) }])
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The marketplace refused this key'
    )
  })

  it('says a new site needs the key typed again, and asks for it before sending anything', async () => {
    const bridge = await setup()
    await userEvent.click(screen.getByRole('button', { name: 'Edit market.test' }))
    const form = screen.getByRole('form', { name: 'Edit market.test' })
    const url = within(form).getByLabelText('Marketplace URL')
    expect(url).toHaveAccessibleDescription(
      'Your saved key is only sent to this site. Moving to another site needs its API key typed again below.'
    )
    await userEvent.clear(url)
    await userEvent.type(url, 'other-market.test')
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(bridge.calls.updateConnection ?? []).toEqual([])
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Enter the API key for other-market.test: your saved key is only sent to the site it was saved for.'
    )
    const key = within(form).getByLabelText('Replace API key')
    expect(key).toHaveFocus()
    expect(key).toHaveAttribute('aria-invalid', 'true')
    await userEvent.paste('c'.repeat(64))
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(bridge.calls.updateConnection).toEqual([
      { id: 'c1', baseUrl: 'other-market.test', apiKey: 'c'.repeat(64) }
    ])
  })

  it('keeps the saved key for a new path on the same site', async () => {
    const bridge = await setup()
    await userEvent.click(screen.getByRole('button', { name: 'Edit market.test' }))
    const form = screen.getByRole('form', { name: 'Edit market.test' })
    const url = within(form).getByLabelText('Marketplace URL')
    await userEvent.clear(url)
    await userEvent.type(url, 'https://market.test/shop')
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(bridge.calls.updateConnection).toEqual([
      { id: 'c1', baseUrl: 'https://market.test/shop' }
    ])
  })

  it('does not offer address or key fields for the demo', async () => {
    await setup()
    await userEvent.click(screen.getByRole('button', { name: 'Edit Demo marketplace' }))
    const form = screen.getByRole('form', { name: 'Edit Demo marketplace' })
    expect(within(form).queryByLabelText('Marketplace URL')).toBeNull()
    expect(within(form).queryByLabelText('Replace API key')).toBeNull()
  })

  it('adds a connection with the inline form', async () => {
    const bridge = await setup()
    await userEvent.click(screen.getByRole('button', { name: 'Add connection' }))
    await userEvent.type(screen.getByLabelText('Marketplace URL'), 'https://other.test')
    await userEvent.click(screen.getByLabelText('API key'))
    await userEvent.paste('c'.repeat(64))
    await userEvent.click(screen.getByRole('button', { name: 'Test and save' }))
    expect(bridge.calls.addConnection).toEqual([
      { baseUrl: 'https://other.test', apiKey: 'c'.repeat(64) }
    ])
    expect(await screen.findByText('Connected to other.test')).toBeInTheDocument()
    expect(screen.queryByLabelText('Marketplace URL')).not.toBeInTheDocument()
  })

  it('closes the Add form on Escape or Cancel, with the focus back on Add connection', async () => {
    const bridge = await setup()
    for (const leave of ['{Escape}', 'cancel'] as const) {
      await userEvent.click(screen.getByRole('button', { name: 'Add connection' }))
      await userEvent.type(screen.getByLabelText('Marketplace URL'), 'https://other.test')
      if (leave === 'cancel') await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
      else await userEvent.keyboard(leave)
      expect(screen.queryByLabelText('Marketplace URL')).not.toBeInTheDocument()
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Add connection' })).toHaveFocus()
      )
    }
    expect(bridge.addConnection).not.toHaveBeenCalled()
  })

  it('offers the demo only when there is none', async () => {
    const bridge = await setup({
      listConnections: async () => ok(sampleConnections({ connections: [sampleConnection()] }))
    })
    await userEvent.click(screen.getByRole('button', { name: 'Add the demo' }))
    expect(bridge.startDemo).toHaveBeenCalledTimes(1)
  })

  it('warns when the keychain is unavailable', async () => {
    await setup({ listConnections: async () => ok(sampleConnections({ keychain: 'unavailable' })) })
    expect(screen.getByText(/keychain is not available: new keys/)).toBeInTheDocument()
  })

  it('says keys are session-only under "What is stored where" when there is no keychain', async () => {
    await setup({ listConnections: async () => ok(sampleConnections({ keychain: 'unavailable' })) })
    const section = screen.getByRole('region', { name: 'What is stored where' })
    expect(section).toHaveTextContent(/API keys are kept for this session only/)
    expect(section).not.toHaveTextContent(/are kept in (the|your)/)
  })

  it('says when a damaged settings file cost a connection', async () => {
    const settingsNotice =
      'One saved connection could not be read and was left out; the others are as you left them.'
    await setup({ listConnections: async () => ok(sampleConnections({ settingsNotice })) })
    expect(screen.getByText(settingsNotice)).toBeInTheDocument()
  })
})

describe('Settings: theme and storage', () => {
  it('sets the theme with a radio group and applies it at once', async () => {
    const bridge = await setup()
    const group = screen.getByRole('group', { name: 'Theme' })
    expect(within(group).getByRole('radio', { name: /System/ })).toBeChecked()
    await userEvent.click(within(group).getByRole('radio', { name: /Dark/ }))
    expect(bridge.calls.setTheme).toEqual([{ theme: 'dark' }])
    expect(document.documentElement.dataset['theme']).toBe('dark')
    expect(within(group).getByRole('radio', { name: /Dark/ })).toBeChecked()
  })

  it('undoes the theme when it cannot be saved', async () => {
    await setup({ setTheme: async () => err('internal', 'disk full') })
    await userEvent.click(screen.getByRole('radio', { name: /Light/ }))
    expect(await screen.findByText(/Couldn’t save the theme/)).toBeInTheDocument()
    expect(document.documentElement.dataset['themeChoice']).toBe('system')
    expect(screen.getByRole('radio', { name: /System/ })).toBeChecked()
  })

  it('names the keychain of the platform in the storage statement', async () => {
    await setup({
      getAppInfo: async () =>
        ok({
          name: 'Seller Desk',
          version: '1',
          transport: 'electron' as const,
          platform: 'darwin'
        })
    })
    const section = screen.getByRole('region', { name: 'What is stored where' })
    expect(await within(section).findByText(/the macOS Keychain/)).toBeInTheDocument()
    expect(section).toHaveTextContent('settings.json')
    expect(section).toHaveTextContent('Lookup history')
  })

  it('says where each kind of data really is', async () => {
    await setup()
    const section = screen.getByRole('region', { name: 'What is stored where' })
    expect(section).toHaveTextContent('cache/<connection>/')
    expect(section).toHaveTextContent('history/<connection>.jsonl')
    // Media is one shared folder named by address hash, kept video and audio included.
    expect(section).toHaveTextContent(/media\/, shared by all connections/)
    expect(section).toHaveTextContent('index.json')
    expect(section).toHaveTextContent(/videos and audio you keep offline/)
    expect(section).not.toHaveTextContent(/thumbnails and previews\) is in the cache folder/)
  })
})

describe('Settings: cache', () => {
  it('shows the cache size and clears it', async () => {
    const bridge = await setup()
    expect(await screen.findByTestId('cache-size')).toHaveTextContent('12.6 MB')
    expect(screen.getByText('84 files')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(bridge.clearCache).toHaveBeenCalledTimes(1)
    // The size comes from main's answer, a render after the click; the button with it.
    await waitFor(() => expect(screen.getByTestId('cache-size')).toHaveTextContent('0 bytes'))
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled()
    expect(await screen.findByText(/Cache cleared/)).toBeInTheDocument()
  })

  it('changes the limit', async () => {
    const bridge = await setup()
    const limit = await screen.findByLabelText('Limit')
    await screen.findByTestId('cache-size')
    expect(limit).toHaveValue(String(500_000_000))
    await userEvent.selectOptions(limit, '1 GB')
    expect(bridge.calls.setCacheLimit).toEqual([{ limitBytes: 1_000_000_000 }])
    // The select shows main's limit: the new one once main has answered.
    await waitFor(() => expect(limit).toHaveValue(String(1_000_000_000)))
  })

  it('shows the size and the limit in the same units: a full cache reads as its limit', async () => {
    await setup({ getCacheInfo: async () => ok(sampleCacheInfo({ bytes: 500_000_000 })) })
    expect(await screen.findByTestId('cache-size')).toHaveTextContent('500 MB')
    const limit = screen.getByLabelText('Limit')
    expect(within(limit).getByRole('option', { selected: true })).toHaveTextContent('500 MB')
    expect(
      within(limit)
        .getAllByRole('option')
        .map((o) => o.textContent)
    ).toEqual(['100 MB', '250 MB', '500 MB', '1 GB', '2 GB', '5 GB'])
  })

  it('names the data folder', async () => {
    await setup({
      getCacheInfo: async () =>
        ok(sampleCacheInfo({ dataDir: 'C:\\Users\\mira\\AppData\\Roaming\\Seller Desk' }))
    })
    expect(await screen.findByTestId('data-dir')).toHaveTextContent(
      'C:\\Users\\mira\\AppData\\Roaming\\Seller Desk'
    )
  })

  it('says so when the cache size cannot be read', async () => {
    await setup({ getCacheInfo: async () => err('internal', 'Disk unreadable.') })
    expect(
      await screen.findByText(/Couldn’t read the cache size: Disk unreadable./)
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled()
  })
})

describe('Settings: updates', () => {
  const section = () => screen.findByRole('region', { name: 'Updates' })

  it('says in the browser host that updates come with the desktop app', async () => {
    await setup()
    const updates = await section()
    expect(updates).toHaveTextContent(/Updates come with the desktop app/)
    expect(within(updates).queryByRole('checkbox')).toBeNull()
  })

  it('turns automatic download and beta updates on and off in the desktop app', async () => {
    const bridge = await setup({
      getUpdateSettings: async () => ok({ available: true, autoDownload: true, beta: false }),
      setUpdateSettings: async (req) =>
        ok({ available: true, autoDownload: req.autoDownload ?? true, beta: req.beta ?? false })
    })
    const updates = await section()
    const auto = within(updates).getByRole('checkbox', { name: 'Download updates automatically' })
    const beta = within(updates).getByRole('checkbox', { name: 'Beta updates' })
    expect(auto).toBeChecked()
    expect(beta).not.toBeChecked()
    await userEvent.click(beta)
    expect(bridge.setUpdateSettings).toHaveBeenLastCalledWith({ beta: true })
    await waitFor(() => expect(beta).toBeChecked())
    expect(await screen.findByText('Beta updates turned on.')).toBeInTheDocument()
    auto.focus()
    await userEvent.keyboard(' ')
    expect(bridge.setUpdateSettings).toHaveBeenLastCalledWith({ autoDownload: false })
  })

  it('says why a choice was not saved', async () => {
    await setup({
      getUpdateSettings: async () => ok({ available: true, autoDownload: true, beta: false }),
      setUpdateSettings: async () => err('internal', 'Settings could not be saved: disk full.')
    })
    await userEvent.click(
      within(await section()).getByRole('checkbox', { name: 'Download updates automatically' })
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings could not be saved')
  })
})
