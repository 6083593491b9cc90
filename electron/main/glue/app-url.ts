import { pathToFileURL } from 'node:url'

/**
 * Which URLs are our own page: the dev server's origin under `electron-vite dev`, else
 * exactly the built renderer/index.html file (any hash or query). Navigation, IPC senders
 * and the CSP header all decide by this one check.
 */
export function appUrlCheck(options: {
  devUrl: string | null
  rendererFile: string
}): (url: string) => boolean {
  const devOrigin = options.devUrl ? originOf(options.devUrl) : null
  const fileHref = pathToFileURL(options.rendererFile).href
  return (raw: string): boolean => {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return false
    }
    if (devOrigin !== null) return url.origin === devOrigin
    if (url.protocol !== 'file:') return false
    url.hash = ''
    url.search = ''
    return url.href === fileHref
  }
}

function originOf(raw: string): string | null {
  try {
    const origin = new URL(raw).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}
