/**
 * How many times this thread calls JSON.parse while `work` runs: a design check (what runs
 * in main and what on a worker thread) that times nothing. Restored even when `work` throws.
 */
export async function countingJsonParse<T>(
  work: () => Promise<T>
): Promise<{ result: T; parses: number }> {
  const parse = JSON.parse
  let parses = 0
  JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    parses++
    return parse(text, reviver) as unknown
  }) as typeof JSON.parse
  try {
    return { result: await work(), parses }
  } finally {
    JSON.parse = parse
  }
}
