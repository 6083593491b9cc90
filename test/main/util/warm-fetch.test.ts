import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)

describe("loading Node's HTTP client ahead of the first refresh", () => {
  it('loads it a turn later, never in the caller’s turn', async () => {
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      join(__dirname, 'warm-fetch-child.ts')
    ])
    expect(JSON.parse(stdout)).toEqual({ before: false, sameTurn: false, after: true })
  })
})
