import { cpSync, mkdirSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { cspMetaContent } from './electron/main/csp'
import { buildHostPrograms } from './electron/tools/host-bundle'

export const CSP_PLACEHOLDER = '%SELLER_DESK_CSP%'

/**
 * Writes the renderer's CSP (electron/main/csp.ts) into index.html's meta tag, so the page,
 * the desktop app's header and the browser host's header are one policy. `electron-vite dev`
 * injects <style> tags, an inline React Refresh preamble and an HMR socket, which the strict
 * policy forbids: in serve mode only, the policy gains exactly those (DEV_EXTRAS).
 */
export function cspMeta(): Plugin {
  let dev = false
  return {
    name: 'seller-desk:csp-meta',
    configResolved(config) {
      dev = config.command === 'serve'
    },
    transformIndexHtml(html) {
      if (!html.includes(CSP_PLACEHOLDER))
        throw new Error(`renderer/index.html has no ${CSP_PLACEHOLDER} for the CSP meta tag`)
      return html.replace(CSP_PLACEHOLDER, cspMetaContent(dev))
    }
  }
}

/**
 * The demo marketplace's media files ship beside the main bundle, at out/main/demo-media,
 * where electron/demo/media-dir.ts looks for them first (packaged apps included).
 */
export function copyDemoMedia(): Plugin {
  return {
    name: 'seller-desk:demo-media',
    apply: 'build',
    writeBundle(options) {
      const target = resolve(options.dir ?? resolve(__dirname, 'out/main'), 'demo-media')
      rmSync(target, { recursive: true, force: true })
      cpSync(resolve(__dirname, 'electron/demo/media'), target, { recursive: true })
    }
  }
}

/**
 * The tray icon ships beside the main bundle too (out/main/tray), from build/icons: 16 px
 * with a 32 px @2x for macOS and Windows, 32 px for Linux tray hosts.
 */
export function copyTrayIcons(): Plugin {
  return {
    name: 'seller-desk:tray-icons',
    apply: 'build',
    writeBundle(options) {
      const target = resolve(options.dir ?? resolve(__dirname, 'out/main'), 'tray')
      rmSync(target, { recursive: true, force: true })
      mkdirSync(target, { recursive: true })
      const icons = resolve(__dirname, 'build/icons')
      cpSync(resolve(icons, '16x16.png'), resolve(target, 'tray.png'))
      cpSync(resolve(icons, '32x32.png'), resolve(target, 'tray@2x.png'))
      cpSync(resolve(icons, '32x32.png'), resolve(target, 'tray-32.png'))
    }
  }
}

/** The Items view's own file (the renderer's codeSplitting groups below). */
const ITEMS_CHUNK = 'items'

/**
 * Names the Items view's files in index.html (modulepreload for its script, preload for its
 * styles), so they are fetched and compiled beside the first paint's script, but evaluated
 * only if the app opens on Items (frame/boot.ts imports the opening view's code once main
 * has said which). Asked for only after that answer, they arrived one round trip later:
 * P1 gained about 15 ms that way, and 25-50 ms with this preload (docs/performance.md).
 */
export function preloadItemsView(): Plugin {
  return {
    name: 'seller-desk:preload-items-view',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.name === ITEMS_CHUNK && !c.isEntry
        )
        if (!chunk || chunk.type !== 'chunk')
          throw new Error('the build made no items chunk for index.html to preload')
        const styles = [...(chunk.viteMetadata?.importedCss ?? [])]
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${chunk.fileName}` },
            injectTo: 'head'
          },
          ...styles.map((href) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${href}` },
            injectTo: 'head' as const
          }))
        ]
      }
    }
  }
}

/**
 * Drops the `key` lucide-react writes into each icon's shapes (`key: "1gmf2c"`): random
 * strings that gzip cannot shrink, about 6 bytes each over some 240 shapes. React reads a
 * key only to match a list's children between renders; an icon's shapes never change, so
 * the production build (which warns of nothing) draws them the same. Tests run on the
 * source, keys included. This keeps P5's all-JS figure under its goal since the Items view
 * became a file of its own (docs/performance.md).
 */
export function dropLucideKeys(): Plugin {
  const ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/
  const KEY = /,\s*key:\s*"[0-9a-z]+"/g
  return {
    name: 'seller-desk:drop-lucide-keys',
    apply: 'build',
    transform(code, id) {
      if (!ICON.test(id)) return null
      return { code: code.replace(KEY, ''), map: null }
    }
  }
}

// keytar is a native module: it must stay a runtime require, never bundled.
export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          // The item list's parse thread (electron/main/marketplace/items-worker/script.ts).
          'items-worker': resolve(__dirname, 'electron/main/marketplace/items-worker/worker.ts')
        }
      }
    },
    plugins: [copyDemoMedia(), copyTrayIcons(), buildHostPrograms()]
  },
  preload: {
    build: {
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(__dirname, 'electron/preload/index.ts') } }
    }
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    build: {
      // Terser, three passes, over Vite's default (Oxc): 2 KB less gzipped JS in all, which
      // keeps P5's all-JS figure under its 175 KB goal (docs/performance.md). ES modules, so
      // top-level names are the chunk's own and can be shortened.
      minify: 'terser',
      terserOptions: { module: true, ecma: 2020, compress: { passes: 3 } },
      // Electron's Chromium and every browser the host supports know <link rel=modulepreload>.
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: { index: resolve(__dirname, 'renderer/index.html') },
        // A few files, not one per view and icon (gzip does better on a few than on thirty
        // small ones, P5 in docs/performance.md): what the first paint needs (React, the
        // frame, the stores, the transport); the Items view, where a seller mostly opens the
        // app, alone, so a launch there evaluates no other view's code or styles (P1); every
        // other view, loaded once the first frame is painted. The balance chart and uPlot
        // load only when Account shows a chart.
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'chart',
                test: /[\\/](uplot[\\/]|views[\\/]account[\\/]BalanceChart)/,
                // Only these two: what they import (React, the formats) stays where it was.
                includeDependenciesRecursively: false,
                priority: 4
              },
              { name: 'index', tags: ['$initial'], priority: 3 },
              // The Items view and what it imports that the first paint does not already have.
              { name: ITEMS_CHUNK, test: /[\\/]views[\\/]items[\\/]ItemsView\.tsx$/, priority: 2 },
              { name: 'views', priority: 1 }
            ]
          }
        }
      }
    },
    plugins: [react(), cspMeta(), preloadItemsView(), dropLucideKeys()]
  }
})
