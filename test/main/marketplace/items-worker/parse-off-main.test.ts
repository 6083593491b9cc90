import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import type { Worker } from 'node:worker_threads'
import { demoListAnswer } from '../../../support/demo-list-answer'
import { scanItemsAnswer } from '../../../../electron/main/marketplace/wire/items-scan'
import { parseScannedItems } from '../../../../electron/main/marketplace/wire/normalise'
import {
  BATCH_ITEMS,
  parseOffMain
} from '../../../../electron/main/marketplace/items-worker/parse-off-main'
import { ParseThreadFailed } from '../../../../electron/main/marketplace/items-worker/thread'
import { itemsWorkerScript } from '../../../../electron/main/marketplace/items-worker/script'

const script = itemsWorkerScript()!
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)
const scan = (bytes: Uint8Array) => {
  const scanned = scanItemsAnswer(bytes)
  if (!scanned) throw new Error('the answer did not scan')
  return scanned
}

const demo = demoListAnswer(1_000)

/** Each thread of this process with its nice value (field 19 of /proc's stat). */
function threadNiceness(): Map<number, number> {
  const nice = new Map<number, number>()
  for (const task of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8')
      // Fields after the command's closing parenthesis start at field 3.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      nice.set(Number(task), Number(fields[16]))
    } catch {
      // A thread that ended while the folder was read.
    }
  }
  return nice
}

describe('the item list parsed on a worker thread', () => {
  it('finds the program from source', () => {
    expect(script.typescript).toBe(true)
    expect(script.file).toMatch(/items-worker[\\/]worker\.ts$/)
  })

  it('reads a whole catalogue as main does, in batches, saying how far it is', async () => {
    const scanned = scan(demo.answer())
    const seen: number[] = []
    const offMain = await parseOffMain(scanned, script, {
      onProgress: (phase, done, total) => {
        expect(phase).toBe('reading')
        expect(total).toBe(scanned.count)
        seen.push(done)
      }
    })
    const inMain = await parseScannedItems(scanned)
    expect(scanned.count).toBe(1_000)
    expect(offMain).toStrictEqual(inMain)
    expect(offMain?.ok && offMain.value.length).toBe(inMain?.ok && inMain.value.length)
    // One report a batch, the last at the count.
    expect(seen.length).toBe(Math.ceil(scanned.count / BATCH_ITEMS))
    expect(seen.at(-1)).toBe(scanned.count)
  })

  it('leaves out broken items, named by their place in the whole list', async () => {
    const list = JSON.parse(new TextDecoder().decode(demo.answer())) as { items: unknown[] }
    const items = list.items.slice(0, 450)
    items[3] = { ...(items[3] as object), id: 'three' }
    items[401] = 'not an item'
    const bytes = utf8(JSON.stringify({ ...list, items }))
    const offMain = await parseOffMain(scan(bytes), script)
    expect(offMain).toStrictEqual(await parseScannedItems(scan(bytes)))
    expect(offMain?.ok && offMain.skipped.map((s) => s.index)).toEqual([3, 401])
    expect(offMain?.ok && offMain.skipped[1]!.field).toMatch(/^items\[401\]/)
  })

  it('says the list is not JSON when an item is not, as main does', async () => {
    const bytes = utf8('{"status":"ok","items":[{"id":1},{"id":2,}]}')
    const scanned = scan(bytes)
    expect(await parseScannedItems(scanned)).toBeNull()
    expect(await parseOffMain(scanned, script)).toBeNull()
  })

  it('reads an empty list as main does', async () => {
    const scanned = scan(utf8('{"status":"ok","items":[]}'))
    expect(await parseOffMain(scanned, script)).toStrictEqual(await parseScannedItems(scanned))
  })

  it('ends the thread on a cancel and throws its reason', async () => {
    const controller = new AbortController()
    const reason = new Error('cancelled by the seller')
    let thread: Worker | undefined
    const ended = new Promise<number>((resolve) => {
      void parseOffMain(scan(demo.answer()), script, {
        signal: controller.signal,
        onWorker: (worker) => {
          thread = worker
          worker.on('exit', resolve)
        },
        onProgress: () => controller.abort(reason)
      }).catch((e: unknown) => {
        expect(e).toBe(reason)
      })
    })
    await ended
    expect(thread).toBeDefined()
    await expect(
      parseOffMain(scan(demo.answer()), script, { signal: controller.signal })
    ).rejects.toBe(reason)
  })

  it.runIf(process.platform === 'linux')(
    'runs the parse at the lowest priority, leaving main and every other thread as they were',
    async () => {
      const before = threadNiceness()
      expect([...before.values()].every((n) => n === 0)).toBe(true)
      let during: Map<number, number> | undefined
      await parseOffMain(scan(demo.answer()), script, {
        onProgress: () => {
          during ??= threadNiceness()
        }
      })
      const lowered = [...during!].filter(([, nice]) => nice !== 0)
      // One thread, new with the job, at 19; main (whose thread id is the pid) still at 0.
      expect(lowered).toHaveLength(1)
      expect(lowered[0]![1]).toBe(19)
      expect(before.has(lowered[0]![0])).toBe(false)
      expect(during!.get(process.pid)).toBe(0)
    }
  )

  it('gives the thread a small heap of its own', async () => {
    let limits: Worker['resourceLimits'] | undefined
    await parseOffMain(scan(demo.answer()), script, {
      onWorker: (worker) => {
        worker.once('online', () => (limits = worker.resourceLimits))
      }
    })
    expect(limits?.maxYoungGenerationSizeMb).toBe(4)
    expect(limits?.maxOldGenerationSizeMb).toBe(256)
  })

  it('says so when the thread cannot run, so the caller reads the list in main', async () => {
    const missing = { file: `${script.file}.missing.js`, typescript: false }
    await expect(parseOffMain(scan(demo.answer()), missing)).rejects.toBeInstanceOf(
      ParseThreadFailed
    )
  })
})
