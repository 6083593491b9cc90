import { readdir, readFile, stat } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { defaultRendererDir } from '../../electron/host/paths'
import { requireRenderer } from '../lib/host'
import type { Figure, Measure, Ratio } from '../lib/types'

interface Totals {
  raw: number
  gzip: number
  files: number
  largest: { name: string; raw: number; gzip: number } | null
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await filesUnder(full)))
    else out.push(full)
  }
  return out
}

export const p5Bundle: Measure = {
  id: 'p5',
  title: 'Renderer bundle size (out/renderer/assets)',
  async run() {
    requireRenderer()
    const assets = join(defaultRendererDir, 'assets')
    const totals: Record<'.js' | '.css', Totals> = {
      '.js': { raw: 0, gzip: 0, files: 0, largest: null },
      '.css': { raw: 0, gzip: 0, files: 0, largest: null }
    }
    for (const file of await filesUnder(assets)) {
      const ext = extname(file)
      if (ext !== '.js' && ext !== '.css') continue
      const bytes = await readFile(file)
      const gz = gzipSync(bytes, { level: 9 }).length
      const t = totals[ext]
      t.raw += bytes.length
      t.gzip += gz
      t.files++
      if (!t.largest || bytes.length > t.largest.raw)
        t.largest = { name: file.slice(assets.length + 1), raw: bytes.length, gzip: gz }
    }
    if (totals['.js'].files === 0) throw new Error(`no JavaScript under ${assets}`)
    const built = (await stat(join(defaultRendererDir, 'index.html'))).mtime.toISOString()
    const figures: Figure[] = []
    const ratios: Ratio[] = []
    for (const [ext, kind] of [
      ['.js', 'JS'],
      ['.css', 'CSS']
    ] as const) {
      const t = totals[ext]
      figures.push({ label: `${kind} raw (${t.files} files)`, unit: 'bytes', value: t.raw })
      figures.push({ label: `${kind} gzipped`, unit: 'bytes', value: t.gzip })
      if (t.largest)
        figures.push({
          label: `${kind} largest chunk gzipped (${t.largest.name})`,
          unit: 'bytes',
          value: t.largest.gzip
        })
      if (t.raw > 0)
        ratios.push({ label: `${kind} gzipped / raw`, value: (t.gzip / t.raw) * 100, unit: '%' })
    }
    return {
      figures,
      ratios,
      notes: [
        `Gzip is zlib level 9 per file. Build from ${built} (run "npm run build" first for current figures).`
      ]
    }
  }
}
