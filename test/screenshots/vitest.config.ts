import { defineConfig } from 'vitest/config'

// `npm run screenshots`: the pictures README shows, taken through the end-to-end harness
// (browser host + Chromium). A config of its own so `npm test` never rewrites docs/images.
export default defineConfig({
  test: {
    include: ['test/screenshots/**/*.shots.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000
  }
})
