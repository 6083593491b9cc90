import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

// keytar is a native module: it must stay a runtime require, never bundled.
export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(__dirname, 'electron/main/index.ts') } }
    }
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
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } }
    },
    plugins: [react()]
  }
})
