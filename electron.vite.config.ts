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
        // Two files, not one per view and icon: what the first paint needs (React, the
        // frame, the stores, the transport) and, loaded on first visit, every view. Gzip
        // does better on two files than on thirty small ones (README, Performance: P5). The
        // balance chart and uPlot are a third, loaded only when Account shows a chart.
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'chart',
                test: /[\\/](uplot[\\/]|views[\\/]account[\\/]BalanceChart)/,
                // Only these two: what they import (React, the formats) stays where it was.
                includeDependenciesRecursively: false,
                priority: 3
              },
              { name: 'index', tags: ['$initial'], priority: 2 },
              { name: 'views', priority: 1 }
            ]
          }
        }
      }
    },
    plugins: [react(), cspMeta()]
  }
})
