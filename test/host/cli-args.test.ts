import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseHostArgs } from '../../electron/host/cli-args'
import { defaultDataDir } from '../../electron/host/data-dir'
import { openCommand } from '../../electron/host/open-url'

describe('the command line', () => {
  it('reads every flag and defaults to opening a browser on a random port', () => {
    expect(parseHostArgs([])).toMatchObject({
      demo: false,
      open: true,
      port: 0,
      help: false,
      dataDir: defaultDataDir()
    })
    expect(
      parseHostArgs(['--demo', '--no-open', '--port', '8123', '--data-dir', 'rel/dir'])
    ).toEqual({
      demo: true,
      open: false,
      port: 8123,
      dataDir: join(process.cwd(), 'rel/dir'),
      help: false
    })
  })

  it('refuses unknown flags and bad ports', () => {
    expect(() => parseHostArgs(['--dmeo'])).toThrow()
    expect(() => parseHostArgs(['--port', '70000'])).toThrow(/--port/)
    expect(() => parseHostArgs(['--port', '1.5'])).toThrow(/--port/)
    expect(() => parseHostArgs(['--data-dir', ' '])).toThrow(/--data-dir/)
  })

  it('opens URLs with the system opener, the URL as a single argument', () => {
    const url = 'https://x.example/a?b=1&c=2#d'
    expect(openCommand(url, 'linux')).toEqual(['xdg-open', [url]])
    expect(openCommand(url, 'darwin')).toEqual(['open', [url]])
    expect(openCommand(url, 'win32')).toEqual(['rundll32', ['url.dll,FileProtocolHandler', url]])
  })
})
