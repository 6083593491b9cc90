import { describe, expect, it } from 'vitest'
import { channelMethods } from '../../../shared/ipc/channels'
import { createHttpTransport, HOST_STOPPED } from '../../../renderer/src/transport/http-transport'

// The page's side of the browser host: each contract method a POST to /rpc/<method>, and
// every answer, even one from something that is not our host, a Result. Against the real
// host: test/host/rpc-route.test.ts.

const TOKEN = 't'.repeat(43)

interface Sent {
  url: string
  init: RequestInit
}

function recording(answer: () => Promise<Response>): {
  sent: Sent[]
  fetch: (url: string, init: RequestInit) => Promise<Response>
} {
  const sent: Sent[] = []
  return {
    sent,
    fetch: (url, init) => {
      sent.push({ url, init })
      return answer()
    }
  }
}

const okAnswer = (data: unknown) => async () =>
  new Response(JSON.stringify({ ok: true, data }), { status: 200 })

describe('the browser transport', () => {
  it('has every contract method', () => {
    const api = createHttpTransport({ token: TOKEN })
    for (const method of channelMethods) expect(typeof api[method], method).toBe('function')
  })

  it("posts the request as JSON to /rpc/<method> with the token, and answers main's Result", async () => {
    const wire = recording(okAnswer({ theme: 'dark' }))
    const api = createHttpTransport({
      token: TOKEN,
      baseUrl: 'http://127.0.0.1:4000',
      fetch: wire.fetch
    })
    expect(await api.setTheme({ theme: 'dark' })).toEqual({ ok: true, data: { theme: 'dark' } })
    expect(wire.sent).toHaveLength(1)
    const { url, init } = wire.sent[0]!
    expect(url).toBe('http://127.0.0.1:4000/rpc/setTheme')
    expect(init).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ theme: 'dark' }),
      credentials: 'omit',
      redirect: 'error'
    })
    expect(init.headers).toEqual({
      'Content-Type': 'application/json',
      Authorization: `Bearer ${TOKEN}`
    })
  })

  it("sends an empty body for a method that takes no request, to the page's own origin", async () => {
    const wire = recording(okAnswer(null))
    await createHttpTransport({ token: TOKEN, fetch: wire.fetch }).getAppInfo()
    expect(wire.sent[0]!.url).toBe('/rpc/getAppInfo')
    expect(wire.sent[0]!.init.body).toBe('')
  })

  it('answers a host that cannot be reached with one sentence saying how to recover', async () => {
    const api = createHttpTransport({
      token: TOKEN,
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      }
    })
    expect(await api.getAppInfo()).toEqual({
      ok: false,
      error: { kind: 'offline', message: HOST_STOPPED }
    })
  })

  it('builds media addresses with the media token, never the call token', () => {
    const api = createHttpTransport({
      token: TOKEN,
      mediaToken: 'm'.repeat(43),
      baseUrl: 'http://127.0.0.1:4000'
    })
    const remote = 'https://market.example/a b.jpg?x=1&y=2'
    const address = api.mediaUrl(remote)
    expect(address).toBe(
      `http://127.0.0.1:4000/media?u=${encodeURIComponent(remote)}&t=${'m'.repeat(43)}`
    )
    expect(address).not.toContain(TOKEN)
  })

  it('reports an answer that is not a Result as bad-response, never as data', async () => {
    const api = createHttpTransport({
      token: 't'.repeat(43),
      baseUrl: 'http://127.0.0.1:9',
      fetch: async () => new Response('<html>proxy error</html>', { status: 502 })
    })
    expect(await api.getAppInfo()).toMatchObject({ ok: false, error: { kind: 'internal' } })
    const odd = createHttpTransport({
      token: 't'.repeat(43),
      fetch: async () => new Response(JSON.stringify({ ok: 'yes' }), { status: 200 })
    })
    expect(await odd.getAppInfo()).toMatchObject({ ok: false, error: { kind: 'bad-response' } })
  })

  it('passes on a failure only in the shape main sends: a known kind, a message, retryAfterMs', async () => {
    const answering = (body: unknown) =>
      createHttpTransport({
        token: 't'.repeat(43),
        fetch: async () => new Response(JSON.stringify(body), { status: 200 })
      })
    const limited = { kind: 'rate-limited', message: 'Slow down.', retryAfterMs: 1500 }
    expect(await answering({ ok: false, error: { ...limited, extra: 1 } }).getAppInfo()).toEqual({
      ok: false,
      error: limited
    })
    for (const error of [
      { kind: 'made-up', message: 'x' },
      { kind: 'offline' },
      { kind: 'offline', message: 'x', retryAfterMs: 'soon' }
    ]) {
      expect(await answering({ ok: false, error }).getAppInfo()).toMatchObject({
        ok: false,
        error: { kind: 'bad-response' }
      })
    }
  })
})
