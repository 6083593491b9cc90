import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { AccountView } from '../../../../renderer/src/views/account/AccountView'
import { useNav } from '../../../../renderer/src/stores/nav'
import { Toaster } from '../../../../renderer/src/ui/Toaster'
import type { Result } from '../../../../shared/errors'
import type { ResponseOf } from '../../../../shared/ipc/contract'
import type { Account } from '../../../../shared/model'
import {
  deferred,
  err,
  freshness,
  HOSTILE,
  installFakeBridge,
  ok,
  resetStores,
  sampleAccount
} from '../../fake-bridge'

type AccountResult = Result<ResponseOf<'getAccount'>>

beforeEach(() => {
  resetStores()
  delete (window as Window & { __pwned?: number }).__pwned
})

function withProfile(patch: Partial<Account['profile']>): Account {
  const a = sampleAccount()
  return { ...a, profile: { ...a.profile, ...patch } }
}

describe('Account', () => {
  it('shows a skeleton shaped like the page while loading, then the account', async () => {
    const answer = deferred<AccountResult>()
    installFakeBridge({ getAccount: () => answer.promise })
    render(<AccountView />)
    expect(screen.getByTestId('account-skeleton')).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByText('Syncing…')).toBeInTheDocument()
    await act(async () => answer.resolve(ok({ data: sampleAccount(), freshness: freshness() })))
    expect(screen.queryByTestId('account-skeleton')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Mira Okafor' })).toBeInTheDocument()
    expect(screen.getByText('@miraworks')).toBeInTheDocument()
    expect(screen.getByText('mira@example.test')).toBeInTheDocument()
    expect(screen.getByTestId('balance')).toHaveTextContent('$1,234.50')
    expect(screen.getByText('Dashboards and admin templates')).toBeInTheDocument()
    expect(screen.getByText('support@miraworks.test')).toBeInTheDocument()
    expect(screen.getByText('Mar 2, 2021')).toBeInTheDocument()
    expect(screen.getByText(/Online · synced just now/)).toBeInTheDocument()
  })

  it('loads cover and avatar through the media route, never from the marketplace', async () => {
    const bridge = installFakeBridge()
    const { container } = render(<AccountView />)
    await screen.findByRole('heading', { name: 'Mira Okafor' })
    const srcs = Array.from(container.querySelectorAll('img')).map((i) => i.getAttribute('src'))
    expect(srcs).toHaveLength(2)
    for (const src of srcs)
      expect(src).toMatch(/^sd-media:\/\/media\/\?u=https%3A%2F%2Fmarket\.test/)
    expect(bridge.mediaUrl).toHaveBeenCalledWith('https://market.test/media/cover.jpg')
    expect(bridge.mediaUrl).toHaveBeenCalledWith('https://market.test/media/avatar.png')
  })

  it('shows a negative balance with a minus, in words too', async () => {
    installFakeBridge({
      getAccount: async () =>
        ok({ data: sampleAccount({ balance: -12.4 }), freshness: freshness() })
    })
    render(<AccountView />)
    expect(await screen.findByTestId('balance')).toHaveTextContent('\u2212$12.40')
    expect(screen.getByText('Negative balance')).toBeInTheDocument()
  })

  it('shows a plain amount when the currency is null', async () => {
    installFakeBridge({
      getAccount: async () =>
        ok({
          data: sampleAccount({ balance: 21.099999999999998, currency: null }),
          freshness: freshness()
        })
    })
    render(<AccountView />)
    expect(await screen.findByTestId('balance')).toHaveTextContent(/^21\.10$/)
  })

  it('opens social links through openExternal and shows a link-less handle as text', async () => {
    const bridge = installFakeBridge()
    render(<AccountView />)
    const x = await screen.findByRole('link', { name: /X: miraworks/ })
    await userEvent.click(x)
    expect(bridge.calls.openExternal).toEqual([{ url: 'https://x.com/miraworks' }])
    expect(screen.getByText('Forum: mira at the forum').closest('a, button')).toBeNull()
  })

  it('tells the seller when a link was refused', async () => {
    installFakeBridge({
      openExternal: async () => err('invalid-input', 'Only web links can be opened.')
    })
    render(
      <>
        <AccountView />
        <Toaster />
      </>
    )
    await userEvent.click(await screen.findByRole('link', { name: /YouTube/ }))
    expect(
      await screen.findByText("Couldn't open the link: Only web links can be opened.")
    ).toBeInTheDocument()
  })

  it('renders hostile profile HTML inert', async () => {
    const bridge = installFakeBridge({
      getAccount: async () =>
        ok({
          data: sampleAccount({
            username: HOSTILE.text,
            profile: {
              ...sampleAccount().profile,
              heading: HOSTILE.script,
              description: `<p>Hi</p>${HOSTILE.img}${HOSTILE.script}${HOSTILE.jsLink}`
            }
          }),
          freshness: freshness()
        })
    })
    const { container } = render(<AccountView />)
    const region = await screen.findByRole('region', { name: 'Profile description' })
    expect(region).toHaveTextContent('Hi')
    expect(region.querySelector('script')).toBeNull()
    expect(region.querySelector('[onerror]')).toBeNull()
    expect(container.querySelector('svg[onload]')).toBeNull()
    // Heading and user name are plain text, shown as written.
    expect(screen.getByText(HOSTILE.script)).toBeInTheDocument()
    expect(screen.getByText(`@${HOSTILE.text}`)).toBeInTheDocument()
    const link = within(region).getByText('click')
    expect(link.closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript:/i)
    await userEvent.click(link)
    expect(bridge.calls.openExternal ?? []).toEqual([])
    await new Promise((r) => setTimeout(r, 20))
    expect((window as Window & { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('says when there is no profile text', async () => {
    installFakeBridge({
      getAccount: async () =>
        ok({
          data: withProfile({
            heading: null,
            description: null,
            social_links: [],
            contact: { email: null }
          }),
          freshness: freshness()
        })
    })
    render(<AccountView />)
    expect(await screen.findByText(/No profile text yet/)).toBeInTheDocument()
    expect(screen.getByText('Not set')).toBeInTheDocument()
  })

  it('says why once, under the header, with Try again, when nothing is cached', async () => {
    let calls = 0
    installFakeBridge({
      getAccount: async () =>
        ++calls === 1
          ? err('offline', 'The network is unreachable.')
          : ok({ data: sampleAccount(), freshness: freshness() })
    })
    render(<AccountView />)
    // One sentence, the reason and the one step; the header line carries main's own words.
    const notice = await screen.findByText(
      /^Can’t reach .+ since .+: check your internet connection, then try again\.$/
    )
    expect(screen.getByText(/^Offline since /).closest('[title]')).toHaveAttribute(
      'title',
      expect.stringContaining('The network is unreachable.')
    )
    expect(screen.queryByRole('alert')).toBeNull()
    await userEvent.click(within(notice.parentElement!).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Mira Okafor' })).toBeInTheDocument()
  })

  it('sends a refused key to Settings', async () => {
    installFakeBridge({
      getAccount: async () => err('unauthorized', 'The marketplace refused the key.')
    })
    render(<AccountView />)
    await userEvent.click(await screen.findByRole('button', { name: 'Open Settings' }))
    expect(useNav.getState().view).toBe('settings')
  })

  it('shows cached data at once, then revalidates in the background', async () => {
    const fresh = deferred<AccountResult>()
    const bridge = installFakeBridge({
      getAccount: (req) =>
        req?.refresh
          ? fresh.promise
          : Promise.resolve(
              ok({
                data: sampleAccount(),
                freshness: freshness({ source: 'cache', fetchedAt: '2025-01-05T10:00:00Z' })
              })
            )
    })
    render(<AccountView />)
    expect(await screen.findByRole('heading', { name: 'Mira Okafor' })).toBeInTheDocument()
    expect(bridge.calls.getAccount).toEqual([undefined, { refresh: true }])
    expect(screen.getByText('Syncing…')).toBeInTheDocument()
    await act(async () =>
      fresh.resolve(ok({ data: sampleAccount({ balance: 99 }), freshness: freshness() }))
    )
    expect(screen.getByTestId('balance')).toHaveTextContent('$99.00')
    expect(screen.getByText(/Online · synced/)).toBeInTheDocument()
  })

  it('keeps cached data when offline and says how old it is', async () => {
    installFakeBridge({
      getAccount: async (req) =>
        ok({
          data: sampleAccount(),
          freshness: freshness(
            req?.refresh
              ? {
                  source: 'cache',
                  offline: true,
                  fetchedAt: '2024-11-12T14:02:00Z',
                  refreshError: 'The network is unreachable.'
                }
              : { source: 'cache', fetchedAt: '2024-11-12T14:02:00Z' }
          )
        })
    })
    render(<AccountView />)
    await screen.findByText(/^Can’t reach .+: check your internet connection, then try again\.$/)
    expect(screen.getByText(/^Offline since .+ · data from Nov 12, 2024/)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Mira Okafor' })).toBeInTheDocument()
  })

  it('keeps the account on screen when a manual refresh fails', async () => {
    const bridge = installFakeBridge()
    render(<AccountView />)
    await screen.findByRole('heading', { name: 'Mira Okafor' })
    bridge.getAccount.mockImplementation(async () => err('server', 'The marketplace answered 503.'))
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(
      await screen.findByText(/had a problem answering: try again in a moment\.$/)
    ).toBeInTheDocument()
    // Never "Online · synced" beside a failure: the line says so, with main's words as detail.
    const line = screen.getByText(/^Marketplace error · data from/)
    expect(line.closest('[title]')).toHaveAttribute(
      'title',
      expect.stringContaining('The marketplace answered 503.')
    )
    expect(screen.getByRole('heading', { name: 'Mira Okafor' })).toBeInTheDocument()
    expect(bridge.calls.getAccount?.at(-1)).toEqual({ refresh: true })
  })
})
