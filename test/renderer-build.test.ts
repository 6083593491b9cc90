import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { HtmlTagDescriptor, IndexHtmlTransformContext, Plugin } from 'vite'
import { dropLucideKeys, preloadItemsView } from '../electron.vite.config'

// The renderer build's own plugins (electron.vite.config.ts), run as Vite runs their hooks.

function handlerOf<K extends 'transform' | 'transformIndexHtml'>(plugin: Plugin, hook: K) {
  const h = plugin[hook]
  const fn = typeof h === 'function' ? h : h && 'handler' in h ? h.handler : undefined
  if (typeof fn !== 'function') throw new Error(`${plugin.name} has no ${hook} hook`)
  return fn as (...args: unknown[]) => unknown
}

describe("lucide-react's shape keys", () => {
  const lucideEsm = join(
    dirname(createRequire(import.meta.url).resolve('lucide-react')),
    '..',
    'esm',
    'icons'
  )
  const transform = (code: string, id: string): unknown =>
    handlerOf(dropLucideKeys(), 'transform').call({}, code, id)

  it('are dropped from an icon as the package ships it, every shape kept', () => {
    const id = join(lucideEsm, 'circle-check.mjs')
    const code = readFileSync(id, 'utf8')
    expect(code).toMatch(/key: "[0-9a-z]+"/)
    const out = transform(code, id) as { code: string }
    expect(out.code).not.toMatch(/\bkey:/)
    const shapes = (c: string): string[] =>
      [...c.matchAll(/\["(\w+)", \{ ([^}]*?)(, key|\s*\})/g)].map((m) => `${m[1]} ${m[2]}`)
    expect(shapes(out.code)).toEqual(shapes(code))
    expect(shapes(out.code).length).toBeGreaterThan(1)
  })

  it('are left alone anywhere else', () => {
    const code = 'export const x = { d: "M1 1", key: "abc123" }'
    expect(transform(code, '/work/renderer/src/ui/Icon.tsx')).toBeNull()
    expect(transform(code, join(lucideEsm, '..', 'Icon.mjs'))).toBeNull()
  })

  it('run only in the build, so tests and the dev server keep React checking them', () => {
    expect(dropLucideKeys().apply).toBe('build')
  })
})

describe("the Items view's files in index.html", () => {
  const run = (bundle: Record<string, unknown>): HtmlTagDescriptor[] =>
    handlerOf(preloadItemsView(), 'transformIndexHtml').call({}, '<html></html>', {
      path: '/index.html',
      filename: 'index.html',
      bundle
    } as unknown as IndexHtmlTransformContext) as HtmlTagDescriptor[]

  it('are named for fetching beside the first script, not run: modulepreload and a style preload', () => {
    const tags = run({
      'assets/index-a.js': {
        type: 'chunk',
        name: 'index',
        isEntry: true,
        fileName: 'assets/index-a.js'
      },
      'assets/items-b.js': {
        type: 'chunk',
        name: 'items',
        isEntry: false,
        fileName: 'assets/items-b.js',
        viteMetadata: { importedCss: new Set(['assets/items-c.css']), importedAssets: new Set() }
      },
      'assets/views-d.js': {
        type: 'chunk',
        name: 'views',
        isEntry: false,
        fileName: 'assets/views-d.js'
      }
    })
    expect(tags).toEqual([
      {
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: './assets/items-b.js' },
        injectTo: 'head'
      },
      {
        tag: 'link',
        attrs: { rel: 'preload', as: 'style', crossorigin: true, href: './assets/items-c.css' },
        injectTo: 'head'
      }
    ])
  })

  it('fail the build when there is no Items chunk, rather than quietly preloading nothing', () => {
    expect(() =>
      run({ 'assets/index-a.js': { type: 'chunk', name: 'index', isEntry: true, fileName: 'x' } })
    ).toThrow(/no items chunk/)
  })
})
