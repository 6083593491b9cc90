/**
 * How many times this thread calls `target[method]` while `work` runs: a design check (what
 * runs in main and what on a worker thread, which has globals of its own) that times
 * nothing. Restored even when `work` throws.
 */
export async function countingCalls<O extends object, K extends keyof O, T>(
  target: O,
  method: K,
  work: () => Promise<T>
): Promise<{ result: T; calls: number }> {
  const original = target[method]
  if (typeof original !== 'function') throw new Error(`${String(method)} is not a function`)
  let calls = 0
  target[method] = function (this: unknown, ...args: unknown[]): unknown {
    calls++
    return Reflect.apply(original, this, args)
  } as O[K]
  try {
    return { result: await work(), calls }
  } finally {
    target[method] = original
  }
}
