import { describe, expect, it } from 'vitest'
import { runSteps, runStepsSliced, type Steps } from '../../../electron/main/util/steps'

function* counting(n: number, done: number[]): Steps<number> {
  let sum = 0
  for (let i = 1; i <= n; i++) {
    sum += i
    done.push(i)
    yield
  }
  return sum
}

describe('steps', () => {
  it('runs every step at once', () => {
    const done: number[] = []
    expect(runSteps(counting(5, done))).toBe(15)
    expect(done).toEqual([1, 2, 3, 4, 5])
  })

  it('turns the loop whenever a slice is used up, and only then', async () => {
    const done: number[] = []
    const turnsAt: number[] = []
    const slices = {
      // A slice is used up after every second step.
      due: () => done.length % 2 === 0,
      turn: async () => {
        turnsAt.push(done.length)
        await new Promise<void>((r) => setImmediate(r))
      }
    }
    expect(await runStepsSliced(counting(5, done), slices)).toBe(15)
    expect(turnsAt).toEqual([2, 4])
  })

  it('lets a callback queued meanwhile run before the steps end', async () => {
    const done: number[] = []
    let ranAfterStep: number | null = null
    setImmediate(() => (ranAfterStep = done.length))
    await runStepsSliced(counting(6, done), {
      due: () => true,
      turn: () => new Promise<void>((r) => setImmediate(r))
    })
    expect(ranAfterStep).not.toBeNull()
    expect(ranAfterStep).toBeLessThan(6)
  })
})
