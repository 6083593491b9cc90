import { spawn } from 'node:child_process'

/** The system's "open this URL" command; no shell is involved, so the URL is one argument. */
export function openCommand(
  url: string,
  platform: NodeJS.Platform = process.platform
): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]]
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]]
  return ['xdg-open', [url]]
}

/**
 * Opens a URL in the system browser. Resolves false when there is no opener (a headless
 * machine, a container) instead of throwing: the caller prints the address anyway.
 */
export function openInBrowser(url: string): Promise<boolean> {
  const [command, args] = openCommand(url)
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: 'ignore', detached: true })
      child.once('error', () => resolve(false))
      child.once('exit', (code) => resolve(code === 0))
      child.unref()
    } catch {
      resolve(false)
    }
  })
}
