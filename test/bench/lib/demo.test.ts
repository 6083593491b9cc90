import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_NICE, startSpecDemo, type BenchDemo } from '../../../bench/lib/demo'

// The bench's demo stands in for a marketplace on another machine: a process of its own at
// the lowest priority, serving the very data the bench holds for its measures.

/** Each thread's nice value, from /proc (field 19 of stat, after the command's parentheses). */
function threadNices(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  })
}

describe('bench: the demo marketplace', () => {
  let demo: BenchDemo

  beforeAll(async () => {
    demo = await startSpecDemo(40)
  })
  afterAll(async () => {
    await demo?.close()
  })

  it.runIf(process.platform === 'linux')(
    'runs in a process of its own, every thread at the lowest priority',
    () => {
      expect(demo.pid).not.toBe(process.pid)
      const nices = threadNices(demo.pid)
      expect(nices.length).toBeGreaterThan(1)
      expect(new Set(nices)).toEqual(new Set([DEMO_NICE]))
    }
  )

  it('serves the catalogue and codes the bench holds', async () => {
    expect(demo.data.items).toHaveLength(40)
    const answer = await fetch(`${demo.baseUrl}/api/purchases/validation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        api_key: demo.apiKey,
        purchase_code: demo.sampleCodes.valid
      }).toString()
    })
    expect(answer.status).toBe(200)
    const bought = demo.data.purchases.find((p) => p.code === demo.sampleCodes.valid)
    const item = [...demo.data.items, ...demo.data.unlisted].find((i) => i.id === bought?.itemId)
    expect(item).toBeDefined()
    // The served purchase names the item the bench's copy says was bought.
    expect(JSON.stringify(await answer.json())).toContain(JSON.stringify(item!.name))
  })

  it('ends its process on close', async () => {
    const other = await startSpecDemo(2)
    await other.close()
    expect(() => process.kill(other.pid, 0)).toThrow()
  })
})
