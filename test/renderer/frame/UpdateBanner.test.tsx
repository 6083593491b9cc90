import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { UpdateStatus } from '../../../shared/ipc/contract'
import { UpdateBanner } from '../../../renderer/src/frame/UpdateBanner'
import { err, installFakeBridge, ok, resetStores } from '../fake-bridge'

beforeEach(() => resetStores())

const ready = (bulkRunning = false): UpdateStatus => ({
  available: true,
  state: {
    kind: 'ready',
    version: '1.4.0',
    notesUrl: 'https://github.com/seller-desk/seller-desk/releases/tag/v1.4.0'
  },
  bulkRunning
})

describe('the update banner', () => {
  it('never shows where nothing updates (the browser host)', async () => {
    const bridge = installFakeBridge()
    const { container } = render(<UpdateBanner />)
    await waitFor(() => expect(bridge.getUpdateState).toHaveBeenCalled())
    expect(container).toBeEmptyDOMElement()
  })

  it('offers the restart into a ready update, with its release notes in the browser', async () => {
    const bridge = installFakeBridge({
      getUpdateState: async () => ok(ready()),
      restartToUpdate: async () => ok(null)
    })
    render(<UpdateBanner />)
    expect(await screen.findByText('Restart to update to v1.4.0.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: 'Release notes' }))
    expect(bridge.openExternal).toHaveBeenCalledWith({
      url: 'https://github.com/seller-desk/seller-desk/releases/tag/v1.4.0'
    })
    await userEvent.click(screen.getByRole('button', { name: 'Restart' }))
    expect(bridge.restartToUpdate).toHaveBeenCalledTimes(1)
  })

  it('waits for a running bulk check, and says why a refused restart did not happen', async () => {
    let status = ready(true)
    const bridge = installFakeBridge({
      getUpdateState: async () => ok(status),
      restartToUpdate: async () =>
        err('invalid-input', 'A bulk check is running: restart to update after it finishes.')
    })
    render(<UpdateBanner />)
    expect(await screen.findByText('Restart after the bulk check finishes.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Restart' })).toBeNull()
    // The window asks again when it gets focus: the bulk check has ended meanwhile.
    status = ready(false)
    window.dispatchEvent(new Event('focus'))
    await userEvent.click(await screen.findByRole('button', { name: 'Restart' }))
    expect(bridge.restartToUpdate).toHaveBeenCalledTimes(1)
    expect(await screen.findByRole('alert')).toHaveTextContent(/bulk check is running/)
  })

  it('offers the download when automatic download is off', async () => {
    const available: UpdateStatus = {
      available: true,
      state: { kind: 'available', version: '1.5.0', notesUrl: 'https://example.test/n' },
      bulkRunning: false
    }
    const bridge = installFakeBridge({
      getUpdateState: async () => ok(available),
      downloadUpdate: async () =>
        ok({
          ...available,
          state: {
            kind: 'downloading',
            version: '1.5.0',
            notesUrl: 'https://example.test/n',
            percent: 0
          }
        })
    })
    render(<UpdateBanner />)
    await userEvent.click(await screen.findByRole('button', { name: 'Download' }))
    expect(bridge.downloadUpdate).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByText(/is available/)).toBeNull())
  })

  it('says in one line why an update failed, until dismissed', async () => {
    installFakeBridge({
      getUpdateState: async () =>
        ok({
          available: true,
          state: {
            kind: 'failed',
            message: 'The update could not be installed (sha512 checksum mismatch); …',
            reason: 'sha512 checksum mismatch'
          },
          bulkRunning: false
        })
    })
    render(<UpdateBanner />)
    expect(
      await screen.findByText(
        'Couldn’t update: sha512 checksum mismatch. Seller Desk keeps running this version.'
      )
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText(/Couldn’t update/)).toBeNull()
  })
})
