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

describe('readStreamCapped with time slices', () => {
  it('reads no further chunk while a due turn is held, and all of the body once it is let go', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let turns = 0
    const slices = {
      due: () => true,
      turn: async () => {
        turns++
        if (turns === 2) await held
      }
    }
    const seen: number[] = []
    const reading = readStreamCapped(streamOf('a', 'b', 'c', 'd'), 100, 4, (n) => seen.push(n), {
      slices
    })
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
    // The first turn let one chunk through; the second holds the rest.
    expect(seen).toEqual([1])
    release()
    expect(text(await reading)).toBe('abcd')
    expect(seen).toEqual([1, 2, 3, 4])
  })
})
