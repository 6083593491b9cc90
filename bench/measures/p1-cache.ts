import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { repoRoot } from '../../electron/host/paths'
import type { BenchContext } from '../lib/context'
import { round, timing } from '../lib/stats'
import type { Figure, Measure, Measured } from '../lib/types'
import { firstCardAfterLoad } from './page-load'
import { HOST_NODE_FLAGS } from '../../electron/host/node-flags'

const CHILD = fileURLToPath(new URL('./p1-cache-child.ts', import.meta.url))
const ChildOutput = z.object({
  ms: z.number(),
  items: z.number().int(),
  bytes: z.number().int().optional()
})
type Mode = 'raw' | 'cache' | 'service' | 'window'
const MODES: readonly Mode[] = ['raw', 'cache', 'service', 'window']

function child(mode: Mode, args: string[], stdin: string): Promise<z.infer<typeof ChildOutput>> {
  return new Promise((resolve, reject) => {
    const proc = execFile(
      process.execPath,
      [...HOST_NODE_FLAGS, '--import', 'tsx', CHILD, mode, ...args],
      { cwd: repoRoot },
      (error, stdout, stderr) => {
        if (error)
          return reject(
            new Error(`${mode} read failed: ${stderr.trim().split('\n').pop() ?? error.message}`)
          )
        try {
          resolve(ChildOutput.parse(JSON.parse(stdout.trim())))
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)))
        }
      }
    )
    proc.stdin?.end(stdin)
  })
}

/** Each sample is a fresh Node process whose first read is the timed one; modes interleave. */
async function mainSide(ctx: BenchContext, out: Measured): Promise<void> {
  const profile = await ctx.warmProfile()
  const demo = await ctx.demo()
  const samples: Record<Mode, number[]> = { raw: [], cache: [], service: [], window: [] }
  let bytes = 0
  for (let i = 0, runs = ctx.runs(6); i < runs; i++) {
    for (let j = 0; j < MODES.length; j++) {
      const mode = MODES[(i + j) % MODES.length]!
      const r = await child(
        mode,
        [profile.dataDir, profile.connectionId],
        mode === 'service' || mode === 'window' ? `${demo.apiKey}\n` : ''
      )
      if (r.items !== ctx.options.size)
        throw new Error(`the ${mode} read gave ${r.items} items, not ${ctx.options.size}`)
      samples[mode].push(r.ms)
      if (r.bytes !== undefined) bytes = r.bytes
    }
  }
  const n = ctx.options.size.toLocaleString('en')
  const window: Figure = timing(
    `main: queryItems handler answers the grid's first window of ${n} cached items`,
    samples.window
  )
  const service: Figure = timing(
    `main: listItems handler answers ${n} items from the cache`,
    samples.service
  )
  const cache = timing(
    `main: cache file -> ${n} normalised items (FileCatalogueCache)`,
    samples.cache
  )
  const raw = timing('main: raw readFile + JSON.parse of the same file', samples.raw)
  out.figures.push(window, service, cache, raw, {
    label: 'cache file size (items.json)',
    unit: 'bytes',
    value: bytes
  })
  out.ratios.push(
    {
      label: 'queryItems first window / raw parse (p50)',
      value: window.p50! / raw.p50!,
      unit: 'x'
    },
    { label: 'listItems handler / raw parse (p50)', value: service.p50! / raw.p50!, unit: 'x' },
    { label: 'cache read / raw parse (p50)', value: cache.p50! / raw.p50!, unit: 'x' }
  )
  out.notes.push(
    'Main side: every sample is a new Node process (tsx) and its first read (JIT cold, OS file cache warm); the four kinds interleave. The handler path is dispatch -> catalogue service -> active connection -> cache -> media allow-list, from the cache the app itself wrote. queryItems is what the Items view asks for (the list read and indexed, its first window answered); listItems (the whole list) stays for scripts and tests.'
  )
}

export const p1Cache: Measure = {
  id: 'p1',
  title: 'Cached catalogue: cache -> items in main, and page load -> first card',
  async run(ctx) {
    const out: Measured = { figures: [], ratios: [], notes: [] }
    await mainSide(ctx, out)
    const page = await firstCardAfterLoad(ctx)
    out.figures.push(page.figure)
    if (page.note) out.notes.push(page.note)
    const handlerP50 = out.figures[0]?.p50
    if (page.figure.p50 !== undefined && handlerP50 !== undefined) {
      out.ratios.push({
        label: 'page load to first card / queryItems first window (p50)',
        value: round(page.figure.p50 / handlerP50, 2),
        unit: 'x'
      })
    }
    return out
  }
}
