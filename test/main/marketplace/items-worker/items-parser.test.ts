import { describe, expect, it } from 'vitest'
import { demoListAnswer } from '../../../support/demo-list-answer'
import { scanItemsAnswer } from '../../../../electron/main/marketplace/wire/items-scan'
import { parseScannedItems } from '../../../../electron/main/marketplace/wire/normalise'
import {
  parseInMain,
  threadedItemsParser
} from '../../../../electron/main/marketplace/items-worker/items-parser'
import { itemsWorkerScript } from '../../../../electron/main/marketplace/items-worker/script'

const demo = demoListAnswer(300)
const scanned = () => scanItemsAnswer(demo.answer())!
const warnings = (): { warn(m: string): void; said: string[] } => {
  const said: string[] = []
  return { warn: (m) => said.push(m), said }
}

describe('how a scanned item list is read', () => {
  it('in main, in slices, telling each item read', async () => {
    const seen: number[] = []
    const verdict = await parseInMain(scanned(), { onProgress: (_, done) => seen.push(done) })
    expect(verdict).toStrictEqual(await parseScannedItems(scanned()))
    expect(seen).toHaveLength(300)
    expect(seen.at(-1)).toBe(300)
  })

  it('on the thread for a list at least as large as the threshold', async () => {
    const log = warnings()
    const parse = threadedItemsParser({ script: itemsWorkerScript(), minBytes: 0, log })
    expect(await parse(scanned(), {})).toStrictEqual(await parseScannedItems(scanned()))
    expect(log.said).toEqual([])
  })

  it('in main when the thread cannot run, and says so in the log', async () => {
    const log = warnings()
    const missing = { file: '/nowhere/items-worker.js', typescript: false }
    const parse = threadedItemsParser({ script: missing, minBytes: 0, log })
    expect(await parse(scanned(), {})).toStrictEqual(await parseScannedItems(scanned()))
    expect(log.said).toEqual([expect.stringMatching(/read on the main thread/)])
  })

  it('in main, without trying the thread, for a small list', async () => {
    const log = warnings()
    const missing = { file: '/nowhere/items-worker.js', typescript: false }
    const parse = threadedItemsParser({ script: missing, log })
    expect(demo.answer().byteLength).toBeLessThan(1024 * 1024)
    expect(await parse(scanned(), {})).toStrictEqual(await parseScannedItems(scanned()))
    expect(log.said).toEqual([])
  })

  it('passes a cancel on, never reading the list in main after it', async () => {
    const controller = new AbortController()
    const reason = new Error('cancelled')
    controller.abort(reason)
    const log = warnings()
    const parse = threadedItemsParser({ script: itemsWorkerScript(), minBytes: 0, log })
    await expect(parse(scanned(), { signal: controller.signal })).rejects.toBe(reason)
    expect(log.said).toEqual([])
  })
})
