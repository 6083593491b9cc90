import { parseArgs } from 'node:util'
import { z } from 'zod'
import { startDemoServer } from './index'
import { parseDuration } from './sales'

/**
 * `npm run demo-server -- [--port N] [--mode spec|real] [--size N] [--seed N] [--locale en|es]
 *   [--sales-every 30s]` (a simulated sale credits the seller's balance that often)
 * Prints the connection details as KEY=value lines (stdout, for scripts and tests), then
 * serves until SIGINT or SIGTERM.
 */

const ArgsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65_535).optional(),
  mode: z.enum(['spec', 'real']).optional(),
  size: z.coerce.number().int().min(0).max(1_000_000).optional(),
  seed: z.coerce.number().int().optional(),
  locale: z.enum(['en', 'es']).optional(),
  'sales-every': z
    .string()
    .transform((text, ctx) => {
      const ms = parseDuration(text)
      if (ms === null) {
        ctx.addIssue({ code: 'custom', message: 'expected a duration such as 30s, 2m or 500ms' })
        return z.NEVER
      }
      return ms
    })
    .optional()
})

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      mode: { type: 'string' },
      size: { type: 'string' },
      seed: { type: 'string' },
      locale: { type: 'string' },
      'sales-every': { type: 'string' }
    },
    strict: true
  })
  const parsed = ArgsSchema.safeParse(values)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    console.error(
      `demo-server: invalid --${String(issue?.path[0] ?? 'argument')}: ${issue?.message ?? 'invalid value'}`
    )
    process.exit(2)
  }
  const { 'sales-every': salesEveryMs, ...rest } = parsed.data
  const server = await startDemoServer({
    ...rest,
    ...(salesEveryMs === undefined ? {} : { salesEveryMs })
  })
  process.stdout.write(
    [
      `SELLER_DESK_BASE_URL=${server.baseUrl}`,
      `SELLER_DESK_API_KEY=${server.apiKey}`,
      `SELLER_DESK_BUYER_KEY=${server.buyerKey}`,
      `SELLER_DESK_SAMPLE_CODES=${server.sampleCodes.valid},${server.sampleCodes.expired},${server.sampleCodes.noSupport}`
    ].join('\n') + '\n'
  )
  console.error(
    `Demo marketplace (${server.mode} mode, ${server.data.items.length} items) on ${server.baseUrl}.` +
      (salesEveryMs === undefined ? '' : ` A simulated sale every ${salesEveryMs / 1000} s.`) +
      ' Ctrl+C stops it.'
  )

  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    server.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(`demo-server: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
