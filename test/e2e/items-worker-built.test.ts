import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { demoListAnswer } from '../support/demo-list-answer'
import { repoRoot } from '../../electron/host/paths'
import { scanItemsAnswer } from '../../electron/main/marketplace/wire/items-scan'
import { parseScannedItems } from '../../electron/main/marketplace/wire/normalise'
import { parseOffMain } from '../../electron/main/marketplace/items-worker/parse-off-main'
import { itemsWorkerScript } from '../../electron/main/marketplace/items-worker/script'

// With the built app (npm test builds first): the programs the desktop app and the browser
// host start, found where those bundles look for them, read a list as main reads it.
const demo = demoListAnswer(500)

describe('the built item list parse thread', () => {
  it.each([
    ['the desktop app', 'out/main/chunks', 'out/main/items-worker.js'],
    ['the browser host', 'out/host', 'out/host/items-worker.mjs']
  ])('of %s reads the list as main does', async (_, from, program) => {
    const script = itemsWorkerScript(join(repoRoot, from))
    expect(script).toEqual({ file: join(repoRoot, program), typescript: false })
    const scanned = scanItemsAnswer(demo.answer())!
    const verdict = await parseOffMain(scanned, script!)
    expect(verdict?.ok && verdict.value).toHaveLength(500)
    expect(verdict).toStrictEqual(await parseScannedItems(scanned))
  })
})
