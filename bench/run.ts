/**
 * `npm run bench`: Seller Desk's performance measures against the demo marketplace.
 * Prints a table and writes bench/results.json. Figures only, no pass/fail.
 *
 *   npm run bench                      every measure
 *   npm run bench -- --only p2,p3      some of them
 *   npm run bench -- --runs 5          fewer repeated runs (quicker, noisier)
 *   npm run bench -- --full-limit      P4 at the real 60 requests a minute (~100 s a run)
 *   npm run bench -- --out file.json   results elsewhere than bench/results.json
 */
import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { BenchContext } from './lib/context'
import { machine } from './lib/machine'
import { formatTable } from './lib/table'
import { NotMeasurable, type BenchOptions, type MeasureResult } from './lib/types'
import { measures } from './measures'

const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url))
const MEASURE_TIMEOUT_MS = 240_000

const ArgsSchema = z.object({
  only: z
    .string()
    .optional()
    .transform((s) =>
      s
        ? s
            .split(',')
            .map((x) => x.trim().toLowerCase())
            .filter(Boolean)
        : null
    ),
  runs: z.coerce.number().int().min(1).max(1000).optional(),
  size: z.coerce.number().int().min(2).max(1_000_000).default(10_000),
  out: z.string().min(1).optional(),
  'full-limit': z.boolean().default(false)
})

function parseOptions(): { only: string[] | null; out: string; options: BenchOptions } {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      runs: { type: 'string' },
      size: { type: 'string' },
      out: { type: 'string' },
      'full-limit': { type: 'boolean' }
    },
    strict: true
  })
  const a = ArgsSchema.parse(values)
  const known = new Set(measures.map((m) => m.id))
  const unknown = a.only?.filter((id) => !known.has(id)) ?? []
  if (unknown.length > 0)
    throw new Error(`Unknown measure ${unknown.join(', ')}; known: ${[...known].join(', ')}.`)
  return {
    only: a.only,
    out: a.out === undefined ? RESULTS : resolve(a.out),
    options: { runs: a.runs ?? null, size: a.size, fullLimit: a['full-limit'] }
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NotMeasurable(`did not finish within ${ms / 1000} s`)), ms)
  })
  return Promise.race([work, limit]).finally(() => clearTimeout(timer))
}

async function main(): Promise<void> {
  const { only, out, options } = parseOptions()
  const selected = measures.filter((m) => only === null || only.includes(m.id))
  const ctx = new BenchContext(options)
  const results: MeasureResult[] = []
  const started = Date.now()
  try {
    for (const m of selected) {
      process.stderr.write(`[bench] ${m.id}: ${m.title}...\n`)
      const t0 = Date.now()
      try {
        const r = await withTimeout(m.run(ctx), MEASURE_TIMEOUT_MS)
        results.push({ id: m.id, title: m.title, status: 'measured', ...r })
      } catch (e) {
        results.push({
          id: m.id,
          title: m.title,
          status: 'not-measured',
          reason: e instanceof Error ? e.message : String(e)
        })
      }
      process.stderr.write(`[bench] ${m.id} took ${((Date.now() - t0) / 1000).toFixed(1)} s\n`)
    }
  } finally {
    await ctx.close()
  }
  const info = machine()
  const seconds = (Date.now() - started) / 1000
  const header = `Seller Desk bench, ${options.size.toLocaleString('en')} demo items: ${info.cpu}, ${info.cores} cores, ${(info.memoryBytes / 1024 ** 3).toFixed(1)} GiB, Node ${info.node}, ${info.os}, ${info.date} (${seconds.toFixed(0)} s)`
  process.stdout.write(`${header}\n${formatTable(results)}\n`)
  await writeFile(
    out,
    `${JSON.stringify({ machine: info, options, totalSeconds: seconds, results }, null, 2)}\n`
  )
  process.stdout.write(`\nWritten ${out}\n`)
}

main().catch((e: unknown) => {
  process.stderr.write(`[bench] ${e instanceof Error ? e.message : String(e)}\n`)
  process.exitCode = 1
})
