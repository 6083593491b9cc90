import { afterAll, beforeAll } from 'vitest'
import { startDemoServer, type DemoServer } from '../../electron/demo'

/**
 * The demo marketplace's item list answer of `size` items, its bytes as they come over
 * HTTP, read once for the file: `answer()` is valid inside its tests.
 */
export function demoListAnswer(size: number): { answer(): Uint8Array } {
  let demo: DemoServer | undefined
  let bytes: Uint8Array | undefined
  beforeAll(async () => {
    demo = await startDemoServer({ size })
    const response = await fetch(`${demo.baseUrl}/api/items/all?api_key=${demo.apiKey}`)
    bytes = new Uint8Array(await response.arrayBuffer())
  })
  afterAll(async () => demo?.close())
  return {
    answer: () => {
      if (!bytes) throw new Error('the demo answer is read before the tests')
      return bytes
    }
  }
}
