import { readdir, readFile, stat } from 'node:fs/promises'
import { dirname, extname, join, relative, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { defaultRendererDir } from '../../electron/host/paths'
import { requireRenderer } from '../lib/host'
import type { Figure, Measure, Ratio } from '../lib/types'

interface Sized {
  name: string
  raw: number
  gzip: number
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

/** `<script type="module" src>` and `<link rel="modulepreload" href>`: what the page asks for. */
function pageScripts(html: string): string[] {
  const found: string[] = []
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = /^<script\b/.test(tag) && /\btype="module"/.test(tag)
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag)
    const ref = /\b(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1]
    if ((isModule || isPreload) && ref) found.push(ref)
  }
  return found
}

/**
 * Static imports of a built chunk (`import{a as b}from"./x.js"`, `import"./x.js"`), not
 * `import("./x.js")`: those load when a view is first opened, after the first paint.
 */
function staticImports(code: string): string[] {
  const out: string[] = []
  for (const m of code.matchAll(
    /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g
  ))
    out.push(m[1]!)
  return out
}

/**
 * The JS the browser must load and run before React can paint anything: the page's module
 * scripts and, transitively, everything they import statically.
 */
async function beforeFirstPaint(rendererDir: string): Promise<Set<string>> {
  const html = await readFile(join(rendererDir, 'index.html'), 'utf8')
  const seen = new Set<string>()
  // The page is served from its own folder: "/assets/x.js" and "./assets/x.js" are the same file.
  const queue = pageScripts(html).map((ref) => resolve(rendererDir, ref.replace(/^\//, './')))
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const code = await readFile(file, 'utf8')
    for (const ref of staticImports(code)) queue.push(resolve(dirname(file), ref))
  }
  return seen
}

const sum = (files: readonly Sized[], key: 'raw' | 'gzip'): number =>
  files.reduce((n, f) => n + f[key], 0)

export const p5Bundle: Measure = {
  id: 'p5',
  title: 'Renderer bundle size (out/renderer/assets)',
  async run() {
    requireRenderer()
    const assets = join(defaultRendererDir, 'assets')
    const js: Sized[] = []
    const css: Sized[] = []
    const byPath = new Map<string, Sized>()
    for (const file of await filesUnder(assets)) {
      const ext = extname(file)
      if (ext !== '.js' && ext !== '.css') continue
      const bytes = await readFile(file)
      const sized = {
        name: relative(assets, file),
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length
      }
      ;(ext === '.js' ? js : css).push(sized)
      byPath.set(file, sized)
    }
    if (js.length === 0) throw new Error(`no JavaScript under ${assets}`)
    const first = [...(await beforeFirstPaint(defaultRendererDir))].map((f) => {
      const sized = byPath.get(f)
      if (!sized) throw new Error(`index.html loads ${f}, which is not under ${assets}`)
      return sized
    })
    const built = (await stat(join(defaultRendererDir, 'index.html'))).mtime.toISOString()
    const largest = (files: Sized[]): Sized => files.reduce((a, b) => (b.raw > a.raw ? b : a))
    const figures: Figure[] = [
      {
        label: `JS loaded before first paint, gzipped (${first.length} of ${js.length} files)`,
        unit: 'bytes',
        value: sum(first, 'gzip')
      },
      { label: `JS all, gzipped (${js.length} files)`, unit: 'bytes', value: sum(js, 'gzip') },
      { label: 'JS loaded before first paint, raw', unit: 'bytes', value: sum(first, 'raw') },
      { label: 'JS all, raw', unit: 'bytes', value: sum(js, 'raw') },
      {
        label: `JS largest file gzipped (${largest(js).name})`,
        unit: 'bytes',
        value: largest(js).gzip
      }
    ]
    const ratios: Ratio[] = [
      { label: 'JS gzipped / raw', value: (sum(js, 'gzip') / sum(js, 'raw')) * 100, unit: '%' }
    ]
    if (css.length > 0) {
      figures.push(
        { label: `CSS raw (${css.length} files)`, unit: 'bytes', value: sum(css, 'raw') },
        { label: 'CSS gzipped', unit: 'bytes', value: sum(css, 'gzip') }
      )
      ratios.push({
        label: 'CSS gzipped / raw',
        value: (sum(css, 'gzip') / sum(css, 'raw')) * 100,
        unit: '%'
      })
    }
    return {
      figures,
      ratios,
      notes: [
        `Gzip is zlib level 9 per file. "Before first paint": the module scripts index.html loads and what they import statically; views load later through import(). Build from ${built} (run "npm run build" first for current figures).`,
        `Before first paint: ${first.map((f) => f.name).join(', ')}.`
      ]
    }
  }
}
