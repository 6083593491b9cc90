import { describe, expect, it } from 'vitest'
import { applyGoals, goalSummary } from '../../../bench/lib/goals'
import { medianOfRuns } from '../../../bench/lib/repeat'
import type { MeasureResult } from '../../../bench/lib/types'

function p6(card: number, up: number): MeasureResult {
  return {
    id: 'p6',
    title: 'start',
    status: 'measured',
    figures: [
      {
        label: 'spawned process: spawn -> first item card painted',
        unit: 'ms',
        runs: 5,
        p50: card,
        p95: card + 100
      },
      { label: 'spawned process: spawn -> listening', unit: 'ms', runs: 5, p50: up, p95: up }
    ],
    ratios: [{ label: 'spawned / in-process', value: card / 1000, unit: 'x' }],
    notes: ['note']
  }
}

describe('bench: median of whole runs', () => {
  it('takes each number as the middle of three runs and keeps every run', () => {
    const [merged] = medianOfRuns([[p6(900, 40)], [p6(600, 90)], [p6(1200, 10)]])
    if (merged?.status !== 'measured') throw new Error('not measured')
    expect(merged.figures[0]).toMatchObject({ p50: 900, p95: 1000, runs: 5 })
    expect(merged.figures[0]!.perRun).toEqual([
      { p50: 900, p95: 1000 },
      { p50: 600, p95: 700 },
      { p50: 1200, p95: 1300 }
    ])
    expect(merged.figures[1]).toMatchObject({ p50: 40 })
    expect(merged.ratios[0]).toMatchObject({ value: 0.9, perRun: [0.9, 0.6, 1.2] })
    expect(merged.notes[0]).toMatch(/^Median of 3 whole runs/)
  })

  it('leaves out a run that did not measure, and keeps the reason when none did', () => {
    const failed: MeasureResult = {
      id: 'p6',
      title: 'start',
      status: 'not-measured',
      reason: 'no Chromium'
    }
    const [some] = medianOfRuns([[failed], [p6(700, 20)], [p6(500, 30)]])
    expect(some).toMatchObject({
      status: 'measured',
      notes: expect.arrayContaining([expect.stringContaining('1 more did not measure it')])
    })
    expect(medianOfRuns([[failed], [failed]])[0]).toEqual(failed)
  })
})

describe('bench: goals', () => {
  it('sets figure / goal on the figure the goal names, and says when it is met', () => {
    const results = [p6(1200, 40)]
    expect(applyGoals(results, 10_000)).toEqual([])
    const card = results[0]!.status === 'measured' ? results[0]!.figures[0]! : null
    expect(card?.goal).toEqual({
      text: '<= 600 ms',
      on: 'p50',
      max: 600,
      actual: 1200,
      ratio: 2,
      met: false
    })
    expect(goalSummary(results)).toEqual({ met: 0, of: 1 })
  })

  it('holds P2 to one frame at 10,000 items and 33 ms at 100,000', () => {
    const p2 = (): MeasureResult[] => [
      {
        id: 'p2',
        title: 'search',
        status: 'measured',
        figures: [
          { label: 'type a letter: x -> matches painted', unit: 'ms', runs: 20, p50: 10, p95: 20 }
        ],
        ratios: [],
        notes: []
      }
    ]
    const small = p2()
    applyGoals(small, 10_000)
    const large = p2()
    applyGoals(large, 100_000)
    const goalOf = (r: MeasureResult[]) =>
      r[0]!.status === 'measured' ? r[0]!.figures[0]!.goal : null
    expect(goalOf(small)).toMatchObject({ max: 16, met: false })
    expect(goalOf(large)).toMatchObject({ max: 33, met: true })
  })

  it('names a goal whose figure is missing instead of dropping it', () => {
    const renamed: MeasureResult[] = [
      {
        id: 'p5',
        title: 'bundle',
        status: 'measured',
        figures: [{ label: 'JS total', unit: 'bytes', value: 1 }],
        ratios: [],
        notes: []
      }
    ]
    expect(applyGoals(renamed, 10_000)).toEqual([
      expect.stringMatching(/^P5 <= 120 KB: no figure matches/),
      expect.stringMatching(/^P5 <= 175 KB: no figure matches/)
    ])
  })
})
