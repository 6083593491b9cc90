/**
 * The custom scheme main serves marketplace media under (cached when possible). The
 * renderer never loads a marketplace URL directly: main decides what may be fetched.
 */
export const MEDIA_SCHEME = 'sd-media'

export function mediaProtocolUrl(remoteUrl: string): string {
  return `${MEDIA_SCHEME}://media/?u=${encodeURIComponent(remoteUrl)}`
}

/** The browser host's equivalent route; the token is the host's per-launch media token. */
export function mediaHttpPath(remoteUrl: string, token: string): string {
  return `/media?u=${encodeURIComponent(remoteUrl)}&t=${encodeURIComponent(token)}`
}
