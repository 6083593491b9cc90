import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The layering rules of docs/architecture.md, checked on the source itself. ESLint enforces most of
 * them while editing; this catches what lint cannot (dynamic import(), require(), re-exports,
 * relative paths that climb into another layer) and a lint config that drifts.
 */

const ROOT = resolve(__dirname, '..')
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(path))
    } else if (SOURCE.test(entry.name)) {
      out.push(path.split(sep).join('/'))
    }
  }
  return out
}

/** Comments out, string contents kept: a commented-out import is not an import. */
function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

/** Every module specifier the code loads: static and type imports, re-exports, import(), require(). */
function specifiersOf(code: string): string[] {
  const src = stripComments(code)
  const patterns = [
    /\bimport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\brequire\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g
  ]
  const found = new Set<string>()
  for (const re of patterns) for (const m of src.matchAll(re)) found.add(m[1]!)
  return [...found]
}

interface Import {
  file: string
  specifier: string
  /** Repo-relative target for relative specifiers, else null. */
  target: string | null
}

function importsOf(files: string[]): Import[] {
  return files.flatMap((file) =>
    specifiersOf(readFileSync(join(ROOT, file), 'utf8')).map((specifier) => ({
      file,
      specifier,
      target: specifier.startsWith('.')
        ? relative(ROOT, resolve(ROOT, dirname(file), specifier))
            .split(sep)
            .join('/')
        : null
    }))
  )
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]!]))
const isNode = (s: string) =>
  s.startsWith('node:') || NODE_BUILTINS.has(s) || NODE_BUILTINS.has(s.split('/')[0]!)
const isElectron = (s: string) => s === 'electron' || s.startsWith('electron/')
const isReact = (s: string) =>
  s === 'react' || s.startsWith('react/') || s === 'react-dom' || s.startsWith('react-dom/')
const inside = (target: string | null, dir: string) =>
  target !== null && (target === dir || target.startsWith(`${dir}/`))
const show = (i: Import) => `${i.file} -> ${i.specifier}`

const appDirs = [
  'electron/main',
  'electron/demo',
  'electron/preload',
  'electron/host',
  'renderer/src',
  'shared'
]
const present = appDirs.filter((d) => {
  try {
    return readdirSync(join(ROOT, d)).length > 0
  } catch {
    return false
  }
})
const files = present.flatMap(sourceFiles)
const imports = importsOf(files)
const under = (dir: string) => (i: Import) => i.file.startsWith(`${dir}/`)

describe('the import scanner', () => {
  it('finds every way a module can be loaded, and ignores comments', () => {
    const code = [
      "import { a } from 'static-named'",
      "import type { T } from 'type-only'",
      "import def, * as ns from 'default-and-ns'",
      "import 'side-effect'",
      'import {',
      '  many,',
      '  lines',
      "} from 'multi-line'",
      "export * from 'star-reexport'",
      "export { x } from 'named-reexport'",
      "export type { Y } from 'type-reexport'",
      "const lazy = await import('dynamic')",
      'const cjs = require("required")',
      "// import { gone } from 'line-comment'",
      "/* import 'block-comment' */",
      "const url = 'https://example.com' // import 'after-url'"
    ].join('\n')
    expect(specifiersOf(code).sort()).toEqual(
      [
        'default-and-ns',
        'dynamic',
        'multi-line',
        'named-reexport',
        'required',
        'side-effect',
        'star-reexport',
        'static-named',
        'type-only',
        'type-reexport'
      ].sort()
    )
  })

  it('sees the real tree (a broken walk must not pass vacuously)', () => {
    for (const dir of [
      'electron/main',
      'electron/demo',
      'electron/preload',
      'renderer/src',
      'shared'
    ])
      expect(present).toContain(dir)
    expect(files).toContain('electron/main/index.ts')
    expect(files).toContain('shared/model.ts')
    expect(
      imports.some((i) => i.file === 'electron/preload/index.ts' && i.specifier === 'electron')
    ).toBe(true)
    expect(imports.some((i) => i.file.startsWith('renderer/') && inside(i.target, 'shared'))).toBe(
      true
    )
  })
})

describe('layering', () => {
  it('renderer/ imports nothing from electron/, nor Electron, nor Node', () => {
    const bad = imports
      .filter(under('renderer'))
      .filter((i) => inside(i.target, 'electron') || isElectron(i.specifier) || isNode(i.specifier))
    expect(bad.map(show)).toEqual([])
  })

  it('shared/ imports nothing from electron/ or renderer/, nor Electron, Node or React', () => {
    const bad = imports
      .filter(under('shared'))
      .filter(
        (i) =>
          inside(i.target, 'electron') ||
          inside(i.target, 'renderer') ||
          isElectron(i.specifier) ||
          isNode(i.specifier) ||
          isReact(i.specifier) ||
          (i.target !== null && !inside(i.target, 'shared'))
      )
    expect(bad.map(show)).toEqual([])
  })

  it('electron/ (main, preload, host) imports nothing from renderer/', () => {
    const bad = imports.filter(under('electron')).filter((i) => inside(i.target, 'renderer'))
    expect(bad.map(show)).toEqual([])
  })

  it("only electron/main/index.ts, electron/main/glue/ and the preload import 'electron'", () => {
    const allowed = (f: string) =>
      f === 'electron/main/index.ts' ||
      f.startsWith('electron/main/glue/') ||
      f.startsWith('electron/preload/')
    const bad = imports.filter((i) => isElectron(i.specifier) && !allowed(i.file))
    expect(bad.map(show)).toEqual([])
  })

  it('no file outside electron/main/glue/ and the preload touches ipcMain or ipcRenderer', () => {
    const allowed = (f: string) =>
      f.startsWith('electron/main/glue/') || f.startsWith('electron/preload/')
    const bad = files.filter(
      (f) =>
        !allowed(f) &&
        /\b(ipcMain|ipcRenderer)\b/.test(stripComments(readFileSync(join(ROOT, f), 'utf8')))
    )
    expect(bad).toEqual([])
  })
})
