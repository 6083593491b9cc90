import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { defaultDataDir } from './data-dir'

export interface HostCliOptions {
  demo: boolean
  open: boolean
  port: number
  dataDir: string
  help: boolean
}

export const HOST_USAGE = `Usage: npm run start:web -- [--demo] [--no-open] [--port N] [--data-dir DIR]

  --demo          connect to the built-in demo marketplace at once
  --no-open       print the address only; do not open a browser
  --port N        listen on 127.0.0.1:N (default: a random free port)
  --data-dir DIR  settings, cache and history folder (default: ${defaultDataDir()})`

const PortSchema = z.coerce.number().int().min(0).max(65535)

/** Parses the host's command line; throws an Error with a one-line reason on bad input. */
export function parseHostArgs(argv: string[]): HostCliOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      demo: { type: 'boolean', default: false },
      'no-open': { type: 'boolean', default: false },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false }
    }
  })
  const port = PortSchema.safeParse(values.port ?? '0')
  if (!port.success)
    throw new Error(`--port must be a number from 0 to 65535, not "${values.port}".`)
  const dataDir = values['data-dir']
  if (dataDir !== undefined && dataDir.trim() === '') throw new Error('--data-dir needs a folder.')
  return {
    demo: values.demo,
    open: !values['no-open'],
    port: port.data,
    dataDir: dataDir === undefined ? defaultDataDir() : resolve(dataDir),
    help: values.help
  }
}
