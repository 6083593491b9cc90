/**
 * The renderer's Content-Security-Policy: the one place it is written. The build puts it
 * into index.html's meta tag (electron.vite.config.ts, `cspMeta`), the desktop app sends it
 * as a header on app:// and dev-server answers (glue/, through withCsp), and the browser host
 * sends it on its pages (electron/host/server.ts). A header can also forbid framing, which a
 * meta tag cannot.
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
  // The page's own files only: a worker warms ICU off the page's thread (renderer/src/frame/boot.ts).
  'worker-src': ["'self'"]
}

/**
 * What `electron-vite dev` needs on top (injected <style> tags, the inline React Refresh
 * preamble, the HMR socket). Never part of a built page's policy.
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

/** The policy as a meta tag carries it (no frame-ancestors: browsers ignore it there). */
export function cspMetaContent(dev: boolean): string {
  return Object.entries(APP_CSP)
    .map(([name, sources]) => {
      const all = dev ? [...sources, ...(DEV_EXTRAS[name] ?? [])] : sources
      return `${name} ${all.join(' ')}`
    })
    .join('; ')
}

/** The policy as a response header: the meta tag's, and no framing by anyone. */
export function cspHeader(dev: boolean): string {
  return `${cspMetaContent(dev)}; frame-ancestors 'none'`
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
