import type { Handlers } from './dispatch'
import { safeExternalUrl } from './external-url'
import { AppFailure } from './failure'

export type ShellHandlers = Pick<Handlers, 'openExternal'>

/**
 * Links the renderer asks main to open: only http(s) URLs that pass `safeExternalUrl`
 * ever reach the system browser. Without an opener (browser host) the page opens links.
 */
export function shellHandlers(
  openExternal: ((url: string) => Promise<void>) | undefined
): ShellHandlers {
  return {
    openExternal: async ({ url }) => {
      const safe = safeExternalUrl(url)
      if (safe === null)
        throw new AppFailure('invalid-input', 'Only web links (http or https) can be opened.')
      if (!openExternal)
        throw new AppFailure(
          'internal',
          'Links cannot be opened from here: copy the link into your browser.'
        )
      await openExternal(safe)
      return null
    }
  }
}
