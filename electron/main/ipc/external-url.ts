/**
 * The only links Seller Desk hands to the system browser: absolute http(s) URLs without
 * credentials. Everything else (javascript:, file:, custom schemes) is refused.
 */
export function safeExternalUrl(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.username !== '' || url.password !== '') return null
  return url.toString()
}
