/**
 * `npm run bench`: Seller Desk's performance measures against the demo marketplace.
 * Prints a table and writes bench/results.json (another --size: bench/results-<size>.json). Figures only, no pass/fail.
 *
 *   npm run bench                      every measure
 *   npm run bench -- --only p2,p3      some of them
 *   npm run bench -- --runs 5          fewer repeated runs (quicker, noisier)
 *   npm run bench -- --full-limit      P4 at the real 60 requests a minute (~100 s a run)
 *   npm run bench -- --size 100000     a 100,000-item demo catalogue (default 10,000), written
 *                                      to bench/results-100k.json
 *   npm run bench -- --repeat 3        three whole runs; every figure is their median
 *   npm run bench -- --cpu-prof DIR    spawned hosts write Node CPU profiles into DIR
 *   npm run bench -- --out file.json   results elsewhere than bench/results.json
 *   npm run bench -- --browser-ui      Chromium loads its own address-bar pages in each new
 *                                      context, beside the page measured (as before 2026-11-26)
 *
 * Each figure that issue 15 or 34 sets a goal for carries it (bench/lib/goals.ts): the goal and
 * figure / goal, in the table and in results.json.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { BenchContext } from './lib/context'
import { applyGoals, goalSummary } from './lib/goals'
import { machine } from './lib/machine'
import { medianOfRuns } from './lib/repeat'
import { defaultResultsPath } from './lib/results-path'
import { measureTimeLimitMs, withTimeLimit } from './lib/time-limit'
import { formatTable } from './lib/table'
import { type BenchOptions, type Measure, type MeasureResult } from './lib/types'
import { measures } from './measures'

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
  repeat: z.coerce.number().int().min(1).max(20).default(1),
  'cpu-prof': z.string().min(1).optional(),
  out: z.string().min(1).optional(),
  'full-limit': z.boolean().default(false),
  'browser-ui': z.boolean().default(false)
})

interface Parsed {
  only: string[] | null
  out: string
  repeat: number
  options: BenchOptions
}

function parseOptions(): Parsed {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      runs: { type: 'string' },
      size: { type: 'string' },
      repeat: { type: 'string' },
      'cpu-prof': { type: 'string' },
      out: { type: 'string' },
      'full-limit': { type: 'boolean' },
      'browser-ui': { type: 'boolean' }
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
    out: a.out === undefined ? defaultResultsPath(a.size) : resolve(a.out),
    repeat: a.repeat,
    options: {
      runs: a.runs ?? null,
      size: a.size,
      fullLimit: a['full-limit'],
      cpuProf: a['cpu-prof'] === undefined ? null : resolve(a['cpu-prof']),
      browserUi: a['browser-ui']
    }
  }
}

/** One whole run: a fresh context (demo, Chromium, warm profile) for the selected measures. */
async function wholeRun(
  selected: readonly Measure[],
  options: BenchOptions,
  label: string
): Promise<MeasureResult[]> {
  const ctx = new BenchContext(options)
  const results: MeasureResult[] = []
  try {
    for (const m of selected) {
      process.stderr.write(`[bench]${label} ${m.id}: ${m.title}...\n`)
      const t0 = Date.now()
      try {
        const r = await withTimeLimit(m.run(ctx), measureTimeLimitMs(options.size), ctx)
        results.push({ id: m.id, title: m.title, status: 'measured', ...r })
      } catch (e) {
        results.push({
          id: m.id,
          title: m.title,
          status: 'not-measured',
          reason: e instanceof Error ? e.message : String(e)
        })
      }
      process.stderr.write(
        `[bench]${label} ${m.id} took ${((Date.now() - t0) / 1000).toFixed(1)} s\n`
      )
    }
  } finally {
    await ctx.close()
  }
  return results
}

async function main(): Promise<void> {
  const { only, out, repeat, options } = parseOptions()
  const selected = measures.filter((m) => only === null || only.includes(m.id))
  if (options.cpuProf !== null) await mkdir(options.cpuProf, { recursive: true })
  const started = Date.now()
  const runs: MeasureResult[][] = []
  for (let i = 1; i <= repeat; i++)
    runs.push(await wholeRun(selected, options, repeat > 1 ? ` run ${i}/${repeat}` : ''))
  const results = medianOfRuns(runs)
  const unmatched = applyGoals(results, options.size)
  const goals = goalSummary(results)
  const info = machine()
  const seconds = (Date.now() - started) / 1000
  const header = `Seller Desk bench, ${options.size.toLocaleString('en')} demo items${repeat > 1 ? `, median of ${repeat} whole runs` : ''}${options.browserUi ? ", Chromium's address-bar pages loaded in each context" : ''}: ${info.cpu}, ${info.cores} cores, ${(info.memoryBytes / 1024 ** 3).toFixed(1)} GiB, Node ${info.node}, ${info.os}, ${info.date} (${seconds.toFixed(0)} s)`
  const footer = [
    '',
    `Goals (issues 15 and 34) met: ${goals.met} of ${goals.of}; "goal" is figure / goal, at most 1.00x meets it.`,
    ...unmatched.map((u) => `Goal without a figure: ${u}`)
  ]
  process.stdout.write(`${header}\n${formatTable(results)}\n${footer.join('\n')}\n`)
  await writeFile(
    out,
    `${JSON.stringify({ machine: info, options, repeat, totalSeconds: seconds, goals, unmatchedGoals: unmatched, results }, null, 2)}\n`
  )
  process.stdout.write(`\nWritten ${out}\n`)
}

main().catch((e: unknown) => {
  process.stderr.write(`[bench] ${e instanceof Error ? e.message : String(e)}\n`)
  process.exitCode = 1
})
