import { afterEach, beforeEach, expect, it, vi } from 'vitest'

class FakeWorker {
  static made: FakeWorker[] = []
  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions
  ) {
    FakeWorker.made.push(this)
  }
}

beforeEach(() => {
  FakeWorker.made = []
  vi.resetModules()
})
afterEach(() => vi.unstubAllGlobals())

it("starts the format warm-up worker from the page's own files as the module is evaluated", async () => {
  vi.stubGlobal('Worker', FakeWorker)
  const { formatWorker } = await import('../../../renderer/src/frame/format-worker')
  expect(FakeWorker.made).toHaveLength(1)
  expect(formatWorker).toBe(FakeWorker.made[0])
  expect(String(FakeWorker.made[0]!.url)).toMatch(/format-warmer/)
})

it('is null when the policy refuses the worker, or there are no workers', async () => {
  vi.stubGlobal('Worker', function Refused(): never {
    throw new DOMException('refused by the policy', 'SecurityError')
  })
  expect((await import('../../../renderer/src/frame/format-worker')).formatWorker).toBeNull()
  vi.resetModules()
  vi.stubGlobal('Worker', undefined)
  expect((await import('../../../renderer/src/frame/format-worker')).formatWorker).toBeNull()
})
