import type { Figure, GoalCheck, MeasureResult, Ratio } from './types'

const ms = (n: number): string => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2))

export function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(2)} MiB`
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`
  return `${n} B`
}

function value(f: Figure): string {
  if (f.notMeasured !== undefined) return `not measured: ${f.notMeasured}`
  if (f.p50 !== undefined && f.p95 !== undefined) {
    return `p50 ${ms(f.p50)} ms   p95 ${ms(f.p95)} ms   (${f.runs ?? 0} runs)`
  }
  if (f.value === undefined) return '-'
  if (f.unit === 'bytes') return bytes(f.value)
  if (f.unit === 'ms') return `${ms(f.value)} ms`
  return String(f.value)
}

function ratio(r: Ratio): string {
  if (r.unit === 'x') return `${r.value.toFixed(2)}x`
  if (r.unit === '%') return `${r.value.toFixed(1)} %`
  return `${r.value >= 0 ? '+' : ''}${ms(r.value)} ms`
}

/** "   goal <= 300 ms (p50): 5.60x, not met" after a figure or ratio that has a goal. */
function goal(g: GoalCheck | undefined): string {
  if (!g) return ''
  const on = g.on === 'value' ? '' : ` (${g.on})`
  const ratio = g.ratio === null ? '' : ` ${g.ratio.toFixed(2)}x,`
  return `   goal ${g.text}${on}:${ratio} ${g.met ? 'met' : 'not met'}`
}

/** The stdout table: one block per measure, label column padded to the longest label. */
export function formatTable(results: readonly MeasureResult[]): string {
  const lines: string[] = []
  const labels = results.flatMap((r) =>
    r.status === 'measured'
      ? [...r.figures.map((f) => f.label), ...r.ratios.map((x) => x.label)]
      : []
  )
  const width = Math.min(72, Math.max(20, ...labels.map((l) => l.length)))
  for (const r of results) {
    lines.push('', `${r.id.toUpperCase()}  ${r.title}`)
    if (r.status === 'not-measured') {
      lines.push(`  not measured: ${r.reason}`)
      continue
    }
    for (const f of r.figures) lines.push(`  ${f.label.padEnd(width)}  ${value(f)}${goal(f.goal)}`)
    for (const x of r.ratios) lines.push(`  ${x.label.padEnd(width)}  ${ratio(x)}${goal(x.goal)}`)
    for (const n of r.notes) lines.push(`  - ${n}`)
  }
  return lines.join('\n')
}
