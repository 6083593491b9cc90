import { describe, expect, it } from 'vitest'
import { readStreamCapped } from '../../../electron/main/util/read-capped'

const streamOf = (...chunks: string[]): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(new TextEncoder().encode(c))
      controller.close()
    }
  })
const text = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes))

describe('readStreamCapped', () => {
  it('reads the whole body, with or without a declared size, right or wrong', async () => {
    for (const declared of [undefined, 11, 4, 50, 0, Number.NaN]) {
      const bytes = await readStreamCapped(streamOf('hello', ' ', 'world'), 100, declared)
      expect(text(bytes)).toBe('hello world')
      expect(bytes?.byteLength).toBe(11)
    }
    expect(text(await readStreamCapped(null, 10))).toBe('')
  })

  it('gives up past the cap, whatever was declared', async () => {
    expect(await readStreamCapped(streamOf('hello', ' world'), 8)).toBeNull()
    expect(await readStreamCapped(streamOf('hello', ' world'), 8, 5)).toBeNull()
    expect(await readStreamCapped(streamOf('hello', ' world'), 8, 500)).toBeNull()
  })
})
