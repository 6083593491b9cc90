import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseItemsResponse } from '../../electron/main/marketplace/wire/normalise'
import { CLIENT_HEADERS } from './helpers'

const root = join(__dirname, '..', '..')
// The demo-server CLI from source; `npm run demo-server` runs the same code built to
// out/host/demo-server.mjs (npm itself would only add a layer of signal handling).
const tsx = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx')
const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

function start(args: string[]): {
  child: ChildProcess
  lines: Promise<Record<string, string>>
  exit: Promise<number | null>
} {
  const child = spawn(tsx, ['electron/demo/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  children.push(child)
  let stderr = ''
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()))
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const lines = new Promise<Record<string, string>>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      if (/^SELLER_DESK_SAMPLE_CODES=.*\n/m.test(out)) {
        resolve(
          Object.fromEntries(
            out
              .trim()
              .split('\n')
              .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)])
          )
        )
      }
    })
    void exit.then((code) =>
      reject(new Error(`demo-server exited (${code}) before printing its details: ${stderr}`))
    )
  })
  return { child, lines, exit }
}

describe('demo-server CLI', () => {
  it('prints its details, serves the list, and exits 0 on SIGTERM', async () => {
    const { child, lines, exit } = start(['--port', '0', '--mode', 'real', '--size', '40'])
    const env = await lines
    expect(Object.keys(env)).toEqual([
      'SELLER_DESK_BASE_URL',
      'SELLER_DESK_API_KEY',
      'SELLER_DESK_BUYER_KEY',
      'SELLER_DESK_SAMPLE_CODES'
    ])
    expect(env['SELLER_DESK_BASE_URL']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(env['SELLER_DESK_API_KEY']).toMatch(/^[0-9a-f]{64}$/)
    expect(env['SELLER_DESK_SAMPLE_CODES']!.split(',')).toHaveLength(3)
    const res = await fetch(
      `${env['SELLER_DESK_BASE_URL']}/api/items/all?api_key=${env['SELLER_DESK_API_KEY']}`,
      { headers: CLIENT_HEADERS }
    )
    expect(res.status).toBe(200)
    const parsed = parseItemsResponse(await res.json())
    expect(parsed.ok && parsed.value).toHaveLength(40)
    const [valid] = env['SELLER_DESK_SAMPLE_CODES']!.split(',')
    const check = await fetch(`${env['SELLER_DESK_BASE_URL']}/api/purchases/validation`, {
      method: 'POST',
      headers: { ...CLIENT_HEADERS, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: env['SELLER_DESK_API_KEY']!, purchase_code: valid! })
    })
    expect(check.status).toBe(200)
    child.kill('SIGTERM')
    expect(await exit).toBe(0)
  })

  it('exits 0 on SIGINT, and refuses a bad argument with exit code 2', async () => {
    const { child, lines, exit } = start(['--mode', 'spec'])
    await lines
    child.kill('SIGINT')
    expect(await exit).toBe(0)

    const bad = start(['--mode', 'weird'])
    bad.lines.catch(() => undefined)
    expect(await bad.exit).toBe(2)
  })

  it('sells on its own with --sales-every: the seller’s balance grows', async () => {
    const { child, lines, exit } = start(['--port', '0', '--sales-every', '300ms'])
    const env = await lines
    const balance = async (): Promise<number> => {
      const res = await fetch(
        `${env['SELLER_DESK_BASE_URL']}/api/account/details?api_key=${env['SELLER_DESK_API_KEY']}`,
        { headers: CLIENT_HEADERS }
      )
      return ((await res.json()) as { data: { balance: number } }).data.balance
    }
    const before = await balance()
    await new Promise((r) => setTimeout(r, 1000))
    expect(await balance()).toBeGreaterThan(before)
    child.kill('SIGTERM')
    expect(await exit).toBe(0)

    const bad = start(['--sales-every', 'often'])
    bad.lines.catch(() => undefined)
    expect(await bad.exit).toBe(2)
  })
})
