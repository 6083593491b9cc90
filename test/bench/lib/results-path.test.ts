import { basename, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { defaultResultsPath } from '../../../bench/lib/results-path'

const benchDir = fileURLToPath(new URL('../../../bench', import.meta.url))

describe('bench: where results go by default', () => {
  it('keeps bench/results.json for 10,000 items and names other sizes apart', () => {
    expect(defaultResultsPath(10_000)).toBe(`${benchDir}/results.json`)
    expect(basename(defaultResultsPath(100_000))).toBe('results-100k.json')
    expect(dirname(defaultResultsPath(100_000))).toBe(benchDir)
    expect(basename(defaultResultsPath(2_500))).toBe('results-2500.json')
  })
})
