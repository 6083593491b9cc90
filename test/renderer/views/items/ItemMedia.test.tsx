import { describe, expect, it } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SellerDeskApi } from '../../../../shared/ipc/api'
import { ItemMedia } from '../../../../renderer/src/views/items/ItemMedia'
import { deferred, err, installFakeBridge, ok, sampleItem } from '../../fake-bridge'
import { useConnectionStatus } from '../../../../renderer/src/stores/connection-status'

const VIDEO = 'https://market.test/media/103/preview.mp4'
const video = sampleItem({
  id: 103,
  kind: 'video',
  media: {
    thumbnail: null,
    preview_image: null,
    preview_video: VIDEO,
    preview_audio: null,
    screenshots: []
  }
})

/** The button is disabled while main is asked whether a copy is kept; this waits for the answer. */
async function keepButtonOnceChecked(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Keep offline' })
  await waitFor(() => expect(button).toBeEnabled())
  return button
}

describe('Keep offline', () => {
  it('downloads a video on request and says it now plays offline', async () => {
    const answer = deferred<Awaited<ReturnType<SellerDeskApi['keepMediaOffline']>>>()
    const bridge = installFakeBridge({ keepMediaOffline: () => answer.promise })
    const user = userEvent.setup()
    render(<ItemMedia item={video} />)
    expect(
      await screen.findByText('Streams while online. Keep a copy to play it offline.')
    ).toBeInTheDocument()
    // Nothing is downloaded until the seller asks.
    expect(bridge.keepMediaOffline).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Keep offline' }))
    expect(bridge.calls.keepMediaOffline).toEqual([{ url: VIDEO }])
    expect(screen.getByText('Downloading the video…')).toBeInTheDocument()
    await act(async () => answer.resolve(ok({ bytes: 4_200_000, contentType: 'video/mp4' })))
    expect(screen.getByRole('status')).toHaveTextContent(
      'Kept offline · 4.2 MB. This video now plays without a connection.'
    )
    expect(screen.queryByRole('button', { name: 'Keep offline' })).toBeNull()
  })

  it('says why it failed and offers to try again', async () => {
    let fail = true
    installFakeBridge({
      keepMediaOffline: async () =>
        fail
          ? err('server', 'The marketplace answered 503.')
          : ok({ bytes: 900, contentType: 'audio/mpeg' })
    })
    const user = userEvent.setup()
    const audio = sampleItem({
      kind: 'audio',
      media: { ...video.media, preview_video: null, preview_audio: 'https://market.test/a.mp3' }
    })
    render(<ItemMedia item={audio} />)
    await user.click(await keepButtonOnceChecked())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not keep the audio offline: The marketplace answered 503.'
    )
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Kept offline · 900 bytes.')
  })

  it('starts as kept when main has a copy, and removes it on request', async () => {
    const release = deferred<Awaited<ReturnType<SellerDeskApi['releaseMediaOffline']>>>()
    const bridge = installFakeBridge({
      getMediaOffline: async () => ok({ kept: true, bytes: 4_200_000 }),
      releaseMediaOffline: () => release.promise
    })
    const user = userEvent.setup()
    render(<ItemMedia item={video} />)
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Kept offline · 4.2 MB. This video now plays without a connection.'
    )
    expect(bridge.calls.getMediaOffline).toEqual([{ url: VIDEO }])
    expect(screen.queryByRole('button', { name: 'Keep offline' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Remove offline copy' }))
    expect(bridge.calls.releaseMediaOffline).toEqual([{ url: VIDEO }])
    await act(async () => release.resolve(ok({ kept: false, bytes: null })))
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.getByRole('button', { name: 'Keep offline' })).toBeEnabled()
    expect(
      screen.getByText('Streams while online. Keep a copy to play it offline.')
    ).toBeInTheDocument()
    expect(bridge.keepMediaOffline).not.toHaveBeenCalled()
  })

  it('stays kept and says why when the copy could not be removed', async () => {
    installFakeBridge({
      getMediaOffline: async () => ok({ kept: true, bytes: 900 }),
      releaseMediaOffline: async () => err('internal', 'Seller Desk is closing.')
    })
    const user = userEvent.setup()
    render(<ItemMedia item={video} />)
    await user.click(await screen.findByRole('button', { name: 'Remove offline copy' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not remove the offline copy: Seller Desk is closing.'
    )
    expect(screen.getByRole('status')).toHaveTextContent('Kept offline · 900 bytes.')
  })

  it('offers to keep a copy when main cannot say whether one is kept', async () => {
    installFakeBridge({ getMediaOffline: async () => err('internal', 'No answer.') })
    render(<ItemMedia item={video} />)
    await keepButtonOnceChecked()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('offline, says the file was not kept (not that the marketplace removed it), and offers no keeping', async () => {
    installFakeBridge()
    useConnectionStatus.setState({
      status: {
        state: 'offline',
        since: '2026-11-27T14:02:00Z',
        lastOnlineAt: null,
        kind: 'offline',
        message: 'Can’t reach market.test.'
      }
    })
    const { container } = render(<ItemMedia item={video} />)
    await screen.findByText(
      'Not kept offline: a copy can be kept once the marketplace answers again.'
    )
    expect(screen.queryByRole('button', { name: 'Keep offline' })).toBeNull()
    // The player cannot fetch the stream: the words say why, without blaming the marketplace.
    await act(async () => {
      container.querySelector('video')!.dispatchEvent(new Event('error'))
    })
    expect(
      screen.getByText(
        'The video can’t play offline because no copy was kept: it plays again once the marketplace answers.'
      )
    ).toBeInTheDocument()
    expect(screen.queryByText(/may have removed it/)).toBeNull()
    // Said once: the keeping line under the player goes once the player says why.
    expect(screen.queryByText(/^Not kept offline/)).toBeNull()
  })

  it('is not offered for images, which are cached with the catalogue', () => {
    installFakeBridge()
    render(<ItemMedia item={sampleItem()} />)
    expect(screen.queryByRole('button', { name: 'Keep offline' })).toBeNull()
  })
})
