import { MarketplaceError } from './errors'

/** 127.0.0.0/8, ::1 and localhost: the only hosts plain http is allowed for. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h)
  return m !== null && m.slice(1).every((part) => Number(part) <= 255)
}

/** A user pasting an endpoint's address instead of the site's: keep only the site part. */
const PASTED_ENDPOINT = /\/api(?:\/(?:account|items|purchases)(?:\/[^/]*)?)?$/i

/**
 * Turns what a seller typed into the base the API paths are appended to:
 * `https://host` or `https://host/sub-folder`, no trailing slash. Real installs redirect
 * `/index.php/...` (real-installs §7), and may live in a sub-folder. Query and
 * fragment are dropped (a pasted URL might carry `?api_key=`); credentials are refused.
 */
export function normaliseBaseUrl(input: string): string {
  const trimmed = input.trim()
  if (trimmed === '')
    throw new MarketplaceError(
      'invalid-input',
      'Enter the marketplace URL, for example https://market.example.com.'
    )
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed)
    ? trimmed
    : `https://${trimmed.replace(/^\/+/, '')}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new MarketplaceError(
      'invalid-input',
      'This is not a web address: enter the marketplace URL, for example https://market.example.com.'
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new MarketplaceError('invalid-input', 'The marketplace URL must start with https://.')
  }
  if (url.username !== '' || url.password !== '') {
    throw new MarketplaceError(
      'invalid-input',
      'Remove the user name and password from the marketplace URL.'
    )
  }
  if (url.hostname === '')
    throw new MarketplaceError('invalid-input', 'The marketplace URL has no host name.')
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new MarketplaceError(
      'insecure-url',
      'The marketplace URL must use https:// so your API key is never sent unencrypted (plain http is only allowed for this computer).'
    )
  }
  let path = url.pathname.replace(/\/+$/, '')
  const indexPhp = /\/index\.php(?:\/|$)/i.exec(path)
  if (indexPhp) path = path.slice(0, indexPhp.index)
  path = path.replace(PASTED_ENDPOINT, '').replace(/\/+$/, '')
  return `${url.origin}${path}`
}
