import { describe, expect, it } from 'vitest'
import type { Account } from '../../../../shared/model'
import { parseAccountResponse } from '../../../../electron/main/marketplace/wire/normalise'
import { socialLink } from '../../../../electron/main/marketplace/wire/account'
import { SITE, specAccount, without, withProfile } from './fixtures'

function account(raw: unknown): Account {
  const r = parseAccountResponse({ status: 'success', data: raw })
  if (!r.ok) throw new Error(`expected the account to parse, got ${r.field}: ${r.message}`)
  return r.value
}

describe('account: the spec shape', () => {
  it('normalises a spec-exact account', () => {
    expect(account(specAccount())).toEqual({
      name: { firstname: 'Ada', lastname: 'Lovelace', full_name: 'Ada Lovelace' },
      username: 'ada',
      email: 'ada@example.com',
      balance: 1520.75,
      currency: 'EUR',
      profile: {
        heading: 'Templates that ship',
        description: '<p>Hello</p>',
        contact: { email: 'support@example.com' },
        social_links: [
          { network: 'github', handle: 'https://github.com/ada', url: 'https://github.com/ada' },
          {
            network: 'mastodon',
            handle: 'https://mastodon.social/@ada',
            url: 'https://mastodon.social/@ada'
          }
        ],
        media: { avatar: `${SITE}/avatars/ada.png`, cover: `${SITE}/covers/ada.jpg` }
      },
      registered_at: '2020-01-15T09:30:00.000Z'
    })
  })

  it('drops unknown extra fields', () => {
    const value = account({
      ...withProfile({ badges: ['top'] }),
      id: 5,
      api_key: 'k'.repeat(64),
      status: 'active'
    })
    expect(Object.keys(value).sort()).toEqual([
      'balance',
      'currency',
      'email',
      'name',
      'profile',
      'registered_at',
      'username'
    ])
    expect(Object.keys(value.profile).sort()).toEqual([
      'contact',
      'description',
      'heading',
      'media',
      'social_links'
    ])
  })

  it('builds full_name from first and last name when the server leaves it empty', () => {
    expect(
      account(specAccount({ name: { firstname: 'Ada', lastname: 'Lovelace', full_name: '' } })).name
        .full_name
    ).toBe('Ada Lovelace')
    expect(account(specAccount({ name: { firstname: 'Ada', lastname: null } })).name).toEqual({
      firstname: 'Ada',
      lastname: '',
      full_name: 'Ada'
    })
  })
})

describe('account.balance and currency (real-installs §26, 27)', () => {
  it.each([
    [-12.5, -12.5],
    ['-12.50', -12.5],
    ['1520.75', 1520.75],
    [21.099999999999998, 21.1],
    [0, 0],
    ['120', 120]
  ])('reads balance %j as %j', (balance, expected) => {
    expect(account(specAccount({ balance })).balance).toBe(expected)
  })

  it('names data.balance when it is missing, null or not a number', () => {
    expect(parseAccountResponse({ data: without(specAccount(), 'balance') })).toEqual({
      ok: false,
      field: 'data.balance',
      message: 'data.balance: expected a number, but it is missing'
    })
    expect(parseAccountResponse({ data: specAccount({ balance: null }) })).toEqual({
      ok: false,
      field: 'data.balance',
      message: 'data.balance: expected a number, got null'
    })
    expect(parseAccountResponse({ data: specAccount({ balance: '1.520,75' }) })).toMatchObject({
      ok: false,
      field: 'data.balance'
    })
  })

  it('keeps a null or missing currency as null', () => {
    expect(account(specAccount({ currency: null })).currency).toBeNull()
    expect(account(without(specAccount(), 'currency')).currency).toBeNull()
  })
})

describe('account.profile (real-installs §30, 31)', () => {
  it('keeps null heading, description and contact e-mail as null', () => {
    const value = account(
      withProfile({ heading: null, description: null, contact: { email: null } })
    )
    expect(value.profile).toMatchObject({
      heading: null,
      description: null,
      contact: { email: null }
    })
  })

  it('tolerates a missing contact, media or whole profile', () => {
    expect(account(withProfile({ contact: null })).profile.contact).toEqual({ email: null })
    expect(account(withProfile({ media: null })).profile.media).toEqual({
      avatar: null,
      cover: null
    })
    expect(account(specAccount({ profile: null })).profile).toEqual({
      heading: null,
      description: null,
      contact: { email: null },
      social_links: [],
      media: { avatar: null, cover: null }
    })
  })

  it('treats a site-root avatar or an unsafe cover as no image, keeps a default image URL', () => {
    const media = { avatar: `${SITE}/`, cover: 'javascript:alert(1)' }
    expect(account(withProfile({ media })).profile.media).toEqual({ avatar: null, cover: null })
    const defaults = {
      avatar: 'http://market.example/images/default-avatar.png?v=2',
      cover: `${SITE}/images/default-cover.jpg`
    }
    expect(account(withProfile({ media: defaults })).profile.media).toEqual(defaults)
  })

  it('reads registered_at with microseconds or a space, and names it when it is garbage', () => {
    expect(
      account(specAccount({ registered_at: '2020-01-15T09:30:00.000000Z' })).registered_at
    ).toBe('2020-01-15T09:30:00.000Z')
    expect(account(specAccount({ registered_at: '2020-01-15 09:30:00' })).registered_at).toBe(
      '2020-01-15T09:30:00.000Z'
    )
    expect(parseAccountResponse({ data: specAccount({ registered_at: 'long ago' }) })).toEqual({
      ok: false,
      field: 'data.registered_at',
      message: 'data.registered_at: expected an ISO 8601 timestamp, got "long ago"'
    })
  })
})

describe('account.profile.social_links (real-installs §29)', () => {
  const links = (social_links: unknown) =>
    account(withProfile({ social_links })).profile.social_links

  it('accepts null, absent, [] and {} as none', () => {
    expect(links(null)).toEqual([])
    expect(links([])).toEqual([])
    expect(links({})).toEqual([])
    expect(
      account(
        withProfile(
          {},
          {
            ...specAccount(),
            profile: without(specAccount().profile as Record<string, unknown>, 'social_links')
          }
        )
      ).profile.social_links
    ).toEqual([])
  })

  it('builds links from a real install user names and skips null values', () => {
    expect(
      links({
        facebook: 'ada.codes',
        x: 'ada',
        youtube: 'AdaTutorials',
        linkedin: 'ada-lovelace',
        instagram: null,
        pinterest: ''
      })
    ).toEqual([
      { network: 'facebook', handle: 'ada.codes', url: 'https://www.facebook.com/ada.codes' },
      { network: 'x', handle: 'ada', url: 'https://x.com/ada' },
      { network: 'youtube', handle: 'AdaTutorials', url: 'https://www.youtube.com/@AdaTutorials' },
      {
        network: 'linkedin',
        handle: 'ada-lovelace',
        url: 'https://www.linkedin.com/in/ada-lovelace'
      }
    ])
  })

  it('keeps the spec map of network name to URL as is', () => {
    expect(
      links({ dribbble: 'https://dribbble.com/ada', website: 'http://ada.example/?ref=market' })
    ).toEqual([
      { network: 'dribbble', handle: 'https://dribbble.com/ada', url: 'https://dribbble.com/ada' },
      {
        network: 'website',
        handle: 'http://ada.example/?ref=market',
        url: 'http://ada.example/?ref=market'
      }
    ])
  })

  it('strips the @ people write before a user name', () => {
    expect(socialLink('x', '@ada')).toEqual({
      network: 'x',
      handle: '@ada',
      url: 'https://x.com/ada'
    })
    expect(socialLink('YouTube', ' @ada ')).toEqual({
      network: 'youtube',
      handle: '@ada',
      url: 'https://www.youtube.com/@ada'
    })
  })

  it('never builds a link from a hostile handle, but keeps the text', () => {
    expect(links({ x: 'javascript:alert(1)' })).toEqual([
      { network: 'x', handle: 'javascript:alert(1)', url: null }
    ])
    expect(links({ facebook: 'data:text/html,<script>alert(1)</script>' })).toEqual([
      { network: 'facebook', handle: 'data:text/html,<script>alert(1)</script>', url: null }
    ])
    expect(links({ x: '../../evil' })[0]?.url).toBeNull()
    expect(links({ x: 'ada/../../logout' })[0]?.url).toBeNull()
    expect(links({ linkedin: '..' })[0]?.url).toBeNull()
    expect(links({ instagram: 'ada?next=https://evil.example' })[0]?.url).toBeNull()
    expect(links({ pinterest: 'ada smith' })[0]?.url).toBeNull()
  })

  it('gives an unknown network no link unless the value is a URL', () => {
    expect(links({ myspace: 'ada' })).toEqual([{ network: 'myspace', handle: 'ada', url: null }])
    // Keys that name Object.prototype members must not find a link builder there.
    expect(links(JSON.parse('{"constructor":"ada","toString":"ada"}'))).toEqual([
      { network: 'constructor', handle: 'ada', url: null },
      { network: 'tostring', handle: 'ada', url: null }
    ])
  })

  it('ignores values that are neither strings nor null', () => {
    expect(links({ x: 42, facebook: { id: 1 }, youtube: ['a'], linkedin: 'ada' })).toEqual([
      { network: 'linkedin', handle: 'ada', url: 'https://www.linkedin.com/in/ada' }
    ])
  })

  it('names the field when social_links is a string', () => {
    expect(parseAccountResponse({ data: withProfile({ social_links: 'x.com/ada' }) })).toEqual({
      ok: false,
      field: 'data.profile.social_links',
      message: 'data.profile.social_links: expected a map of social networks to user names'
    })
  })
})

describe('parseAccountResponse: the envelope', () => {
  it.each([
    ['null', null],
    ['an HTML string', '<!doctype html><html><body>Home</body></html>'],
    ['a number', 404],
    ['a list', [{ data: {} }]]
  ])('refuses %s as the body', (_label, body) => {
    expect(parseAccountResponse(body)).toEqual({
      ok: false,
      field: '(root)',
      message: '(root): expected a JSON object'
    })
  })

  it('names data when the payload is missing or not an object', () => {
    const expected = { ok: false, field: 'data', message: 'data: expected an account object' }
    expect(parseAccountResponse({ status: 'error', msg: 'Invalid request' })).toEqual(expected)
    expect(parseAccountResponse({ status: 'success', data: [] })).toEqual(expected)
    expect(parseAccountResponse({ status: 'success', data: 'ok' })).toEqual(expected)
  })

  it('does not look at status: a translated or null status still parses (real-installs §11)', () => {
    expect(parseAccountResponse({ status: 'éxito', data: specAccount() }).ok).toBe(true)
    expect(parseAccountResponse({ status: null, data: specAccount() }).ok).toBe(true)
  })
})
