/**
 * The worker that pays ICU's first use (frame/boot.ts), started as this module is
 * evaluated: main.tsx imports it before anything else, so the worker starts up while the
 * rest of the bundle is evaluated, and has warmed the formats before the first render
 * needs them. Null where there are no workers or the page's policy refuses one.
 */
function startFormatWorker(): Worker | null {
  if (typeof Worker !== 'function') return null
  try {
    return new Worker(new URL('./format-warmer.ts', import.meta.url), { type: 'module' })
  } catch {
    return null
  }
}

export const formatWorker: Worker | null = startFormatWorker()
