import { fileURLToPath } from 'node:url'

/**
 * Where a run's results go unless --out says: bench/results.json for the default 10,000
 * items, a file named for the size otherwise (bench/results-100k.json), so a 100,000-item
 * run does not overwrite the 10,000-item figures.
 */
export function defaultResultsPath(size: number): string {
  const name =
    size === 10_000
      ? 'results.json'
      : `results-${size % 1000 === 0 ? `${size / 1000}k` : String(size)}.json`
  return fileURLToPath(new URL(`../${name}`, import.meta.url))
}
