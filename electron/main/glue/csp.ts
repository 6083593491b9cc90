/**
 * The renderer's Content-Security-Policy, sent as a response header as well as the meta
 * tag in renderer/index.html (a header also covers framing, which a meta tag cannot).
 * test/unit/main/glue-pure.test.ts keeps the two in step. Both apply at once, so the page gets
 * whichever is stricter per directive.
 */
export const APP_CSP: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'sd-media:', 'data:', 'blob:'],
  'media-src': ["'self'", 'sd-media:', 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-src': ["'none'"],
  'worker-src': ["'none'"]
}

/**
 * What the dev server needs on top (inline React Refresh preamble, injected styles, the
 * HMR socket): the same loosening electron.vite.config.ts applies to the meta tag in
 * serve mode only. Never used for a built app.
 */
const DEV_EXTRAS: Readonly<Record<string, readonly string[]>> = {
  'script-src': ["'unsafe-inline'"],
  'style-src': ["'unsafe-inline'"],
  'connect-src': [
    'ws://localhost:*',
    'ws://127.0.0.1:*',
    'http://localhost:*',
    'http://127.0.0.1:*'
  ]
}

export function cspHeader(dev: boolean): string {
  const directives = Object.entries(APP_CSP).map(([name, sources]) => {
    const all = dev ? [...sources, ...(DEV_EXTRAS[name] ?? [])] : sources
    return `${name} ${all.join(' ')}`
  })
  return [...directives, "frame-ancestors 'none'"].join('; ')
}

/** Adds the policy to a response's headers, replacing any the server sent itself. */
export function withCsp(
  headers: Record<string, string | string[]> | undefined,
  policy: string
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') out[name] = value
  }
  out['Content-Security-Policy'] = [policy]
  return out
}
