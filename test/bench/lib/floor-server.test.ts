import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardPage, lookupPage, searchPage } from '../../../bench/lib/floor-pages'
import {
  floorNames,
  searchNames,
  startFloorServer,
  type FloorServer
} from '../../../bench/lib/floor-server'

describe('bench: the floor server', () => {
  let server: FloorServer
  beforeAll(async () => {
    server = await startFloorServer(
      new Map([
        ['/', cardPage()],
        ['/search-page', searchPage('page')],
        ['/lookup-fetch', lookupPage('fetch')]
      ])
    )
  })
  afterAll(() => server.close())

  it('serves the pages it is handed, with their markup, and nothing else', async () => {
    const card = await fetch(`${server.url}/`)
    expect(card.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await card.text()).toContain('<div role="list" aria-label="Items"><div role="listitem">')
    const search = await (await fetch(`${server.url}/search-page`)).text()
    expect(search).toContain('aria-label="Filter items"')
    expect(search).toContain(JSON.stringify(floorNames()[9_999]))
    expect((await fetch(`${server.url}/search-fetch`)).status).toBe(404)
  })

  it('answers the search over the same 10,000 names the search page holds', async () => {
    const names = floorNames()
    expect(new Set(names).size).toBe(10_000)
    const answer: unknown = await (await fetch(`${server.url}/api/search?q=Dune`)).json()
    expect(answer).toEqual(searchNames(names, 'dune'))
    expect(searchNames(names, 'dune').count).toBeGreaterThan(0)
    expect(searchNames(names, 'dune').count).toBeLessThan(10_000)
    expect(await (await fetch(`${server.url}/api/search?q=`)).json()).toEqual({
      count: 10_000,
      first: names[0]
    })
  })

  it('answers a posted purchase code with a verdict that depends on the code', async () => {
    const check = async (code: string): Promise<unknown> =>
      (
        await fetch(`${server.url}/api/check`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ purchase_code: code }).toString()
        })
      ).json()
    expect(await check('valid-1')).toEqual({ status: 'valid' })
    expect(await check('bad-1')).toEqual({ status: 'invalid' })
  })
})
