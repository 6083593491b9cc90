import { countingCalls } from './counting-calls'

/** How many times this thread calls JSON.parse while `work` runs (counting-calls.ts). */
export async function countingJsonParse<T>(
  work: () => Promise<T>
): Promise<{ result: T; parses: number }> {
  const { result, calls } = await countingCalls(JSON, 'parse', work)
  return { result, parses: calls }
}
