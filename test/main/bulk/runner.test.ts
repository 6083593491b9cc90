import { describe, expect, it } from 'vitest'
import { extractCodes, MAX_BULK_CODES } from '../../../shared/purchase-code'
import { BulkRunner, type BulkJobDeps } from '../../../electron/main/bulk/runner'
import type { Validation } from '../../../shared/ipc/contract'
import { validationOf, type PurchaseAnswer as Verdict } from '../../../shared/verdict'
import { AppFailure } from '../../../electron/main/ipc/failure'
import { validResult } from '../../support/model-fixtures'

const U1 = '1f0e2d3c-4b5a-4697-8877-665544332211'
const U2 = '00000000-1111-4222-8333-444444444444'
const DOCS = 'ab12cd34-ef56-gh78-ij90-kl12mn34op5'

describe('extractCodes', () => {
  it('finds codes in e-mails, CSV and one-per-line text, normalised and de-duplicated in order', () => {
    const text = [
      'Hi, my code is ' + U1.toUpperCase() + ' thanks!',
      `"${U2}",John,2024-01-01`,
      `  “${U1}”  `,
      DOCS.toUpperCase(),
      '',
      'purchase_code',
      "'legacy-code-12345',",
      'hello world 2024',
      `\u200b${U2}\ufeff`
    ].join('\r\n')
    expect(extractCodes(text)).toEqual([U1, U2, DOCS, 'legacy-code-12345'])
    expect(DOCS).toHaveLength(35)
  })

  it('finds several codes on one line and nothing in plain prose', () => {
    expect(extractCodes(`${U1}, ${U2}; ${U1}`)).toEqual([U1, U2])
    expect(extractCodes('Dear seller,\nplease help.\n2024-05-01\n')).toEqual([])
  })

  it('caps a huge paste', () => {
    const many = Array.from(
      { length: MAX_BULK_CODES + 50 },
      (_, i) => `code${String(i).padStart(6, '0')}`
    ).join('\n')
    expect(extractCodes(many)).toHaveLength(MAX_BULK_CODES)
  })
})

type Validate = (code: string, signal: AbortSignal) => Promise<Verdict>

/**
 * A job's check built as lookup/purchase-check.ts builds it: the marketplace's answer as a
 * validation, then recorded (and annotated) by the history when the test gives one.
 */
function checkOf(
  validate: Validate,
  record?: (v: Validation) => Promise<Validation>
): BulkJobDeps['check'] {
  return async (code, signal) => {
    const v = validationOf(await validate(code, signal), code, '2024-05-01T00:00:00.000Z')
    return record ? record(v) : v
  }
}

/** A validator whose answers the test releases one by one. */
function gatedValidator() {
  const waiting: Array<{
    code: string
    resolve: (v: Verdict) => void
    reject: (e: unknown) => void
  }> = []
  let maxActive = 0
  let active = 0
  const validate: Validate = (code, signal) =>
    new Promise<Verdict>((resolve, reject) => {
      active++
      maxActive = Math.max(maxActive, active)
      const entry = {
        code,
        resolve: (v: Verdict) => {
          active--
          resolve(v)
        },
        reject: (e: unknown) => {
          active--
          reject(e)
        }
      }
      waiting.push(entry)
      signal.addEventListener('abort', () => entry.reject(new AppFailure('aborted', 'aborted')), {
        once: true
      })
    })
  return { validate, waiting, maxActive: () => maxActive }
}

const tick = () => new Promise((r) => setTimeout(r, 0))
const codes = (n: number) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)

describe('BulkRunner', () => {
  it('checks every code with bounded concurrency and reports each result', async () => {
    const gate = gatedValidator()
    const recorded: string[] = []
    const runner = new BulkRunner({ concurrency: 3 })
    const list = codes(7)
    const { jobId, codes: started } = runner.start(list.join('\n'), {
      check: checkOf(gate.validate, async (v) => {
        recorded.push(v.code)
        return v.valid ? v : { ...v, flag: 'was-valid' as const }
      })
    })
    expect(started).toEqual(list)
    expect(runner.get(jobId)).toMatchObject({ state: 'running', done: 0, total: 7 })
    let answered = 0
    while (answered < 7) {
      await tick()
      const next = gate.waiting.shift()
      if (!next) continue
      const v = validResult(next.code, 'x')
      if (answered % 3 === 0 && v.valid) next.resolve({ valid: true, purchase: v.purchase })
      else if (answered % 3 === 1) next.resolve({ valid: false, message: 'Invalid purchase code' })
      else next.reject(new AppFailure('offline', 'You seem to be offline.'))
      answered++
    }
    await tick()
    const job = runner.get(jobId)
    expect(job.state).toBe('done')
    expect(job.done).toBe(7)
    expect(gate.maxActive()).toBe(3)
    expect(job.results.map((r) => r.status)).toEqual([
      'valid',
      'not-valid',
      'error',
      'valid',
      'not-valid',
      'error',
      'valid'
    ])
    expect(job.results[0]).toMatchObject({
      itemId: 7,
      itemName: 'Item 7',
      license: 'Regular',
      flag: null
    })
    expect(job.results[1]).toMatchObject({ message: 'Invalid purchase code', flag: 'was-valid' })
    expect(job.results[2]).toMatchObject({
      errorKind: 'offline',
      message: 'You seem to be offline.'
    })
    expect(recorded.sort()).toEqual([list[0], list[1], list[3], list[4], list[6]].sort())
  })

  it('pauses (no new checks), resumes, and cancels (in-flight checks stay pending)', async () => {
    const gate = gatedValidator()
    const runner = new BulkRunner({ concurrency: 2 })
    const { jobId } = runner.start(codes(6).join('\n'), { check: checkOf(gate.validate) })
    await tick()
    expect(gate.waiting).toHaveLength(2)
    expect(runner.pause(jobId).state).toBe('paused')
    gate.waiting.shift()!.resolve({ valid: false, message: 'no' })
    gate.waiting.shift()!.resolve({ valid: false, message: 'no' })
    await tick()
    await tick()
    expect(gate.waiting).toHaveLength(0)
    expect(runner.get(jobId)).toMatchObject({ state: 'paused', done: 2 })

    expect(runner.resume(jobId).state).toBe('running')
    await tick()
    expect(gate.waiting).toHaveLength(2)
    gate.waiting.shift()!.resolve({ valid: false, message: 'no' })
    await tick()
    await tick()
    const cancelled = runner.cancel(jobId)
    expect(cancelled.state).toBe('cancelled')
    await tick()
    await tick()
    const job = runner.get(jobId)
    expect(job.state).toBe('cancelled')
    expect(job.done).toBe(3)
    expect(job.results.filter((r) => r.status === 'pending')).toHaveLength(3)
    expect(runner.resume(jobId).state).toBe('cancelled')
  })

  it('waits out a rate limit visibly and retries the code instead of failing it', async () => {
    let calls = 0
    const sleeps: number[] = []
    let release: () => void = () => {}
    const runner = new BulkRunner({
      concurrency: 1,
      sleep: (ms) => {
        sleeps.push(ms)
        return new Promise<void>((r) => (release = r))
      }
    })
    const { jobId } = runner.start(U1, {
      check: checkOf(async () => {
        calls++
        if (calls === 1) throw new AppFailure('rate-limited', 'Too many requests', 30_000)
        return { valid: false, message: 'Invalid purchase code' }
      })
    })
    await tick()
    const waiting = runner.get(jobId)
    expect(waiting.state).toBe('running')
    expect(Date.parse(waiting.waitingUntil!)).toBeGreaterThan(Date.now() + 25_000)
    expect(sleeps).toEqual([30_000])
    release()
    await tick()
    await tick()
    expect(runner.get(jobId)).toMatchObject({
      state: 'done',
      done: 1,
      waitingUntil: null,
      results: [{ status: 'not-valid' }]
    })
  })

  it('fails a code whose rate-limit wait is longer than the retry policy allows, saying so', async () => {
    const sleeps: number[] = []
    let calls = 0
    const runner = new BulkRunner({
      concurrency: 1,
      sleep: async (ms) => {
        sleeps.push(ms)
      }
    })
    const { jobId } = runner.start(U1, {
      check: checkOf(async () => {
        calls++
        throw new AppFailure('rate-limited', 'Try again in an hour', 3_600_000)
      })
    })
    await tick()
    await tick()
    // An hour's pause is the seller's to choose: the job does not sleep through it.
    expect(sleeps).toEqual([])
    expect(calls).toBe(1)
    expect(runner.get(jobId)).toMatchObject({
      state: 'done',
      waitingUntil: null,
      results: [{ status: 'error', errorKind: 'rate-limited', message: 'Try again in an hour' }]
    })
  })

  it('refuses text without codes and unknown jobs, and exports CSV', async () => {
    const runner = new BulkRunner({ now: () => new Date('2024-05-03T00:00:00Z') })
    expect(() =>
      runner.start('nothing here', {
        check: checkOf(async () => ({ valid: false, message: 'x' }))
      })
    ).toThrow(/No purchase codes/)
    expect(() => runner.get('nope')).toThrow(/no longer available/)
    const { jobId } = runner.start(`${U1}\n${U2}`, {
      check: checkOf(async () => ({ valid: false, message: '=1+1' }))
    })
    await tick()
    await tick()
    const { filename, csv } = runner.exportCsv(jobId)
    expect(filename).toBe('seller-desk-bulk-check-2024-05-03.csv')
    // History's columns, in the same order (electron/main/history/csv.ts).
    expect(csv).toBe(
      'Purchase code,Verdict,Item,Item ID,Licence,Support until,Checked at,Reason\r\n' +
        `${U1},Not valid,,,,,2024-05-01T00:00:00.000Z,'=1+1\r\n` +
        `${U2},Not valid,,,,,2024-05-01T00:00:00.000Z,'=1+1\r\n`
    )
  })
})

describe('BulkRunner retry', () => {
  it('sends again only the codes a run did not check, with the connection as it is now', async () => {
    let online = false
    const sent: string[] = []
    const refused = async (code: string): Promise<Verdict> => {
      sent.push(code)
      if (!online || code === U2) throw new AppFailure('offline', 'You seem to be offline.')
      return { valid: false, message: 'Invalid purchase code' }
    }
    const runner = new BulkRunner({ concurrency: 2 })
    const list = codes(4)
    const { jobId } = runner.start(list.join('\n'), { connectionId: 'c1', check: checkOf(refused) })
    // Still running: nothing to retry yet, the job is unchanged.
    expect(runner.retry(jobId, { connectionId: 'c1', check: checkOf(refused) }).state).toBe(
      'running'
    )
    for (let i = 0; i < 6; i++) await tick()
    expect(runner.get(jobId)).toMatchObject({ state: 'done', done: 4 })
    expect(runner.get(jobId).results.every((r) => r.status === 'error')).toBe(true)

    // Back online, through the deps given now: every code is sent once more.
    online = true
    sent.length = 0
    const again = runner.retry(jobId, { connectionId: 'c1', check: checkOf(refused) })
    expect(again.state).toBe('running')
    expect(again.results.every((r) => r.status === 'pending')).toBe(true)
    for (let i = 0; i < 6; i++) await tick()
    expect(sent.sort()).toEqual([...list].sort())
    const job = runner.get(jobId)
    expect(job.state).toBe('done')
    expect(job.results.map((r) => r.status)).toEqual(list.map(() => 'not-valid'))

    // Nothing left unchecked: a retry sends nothing.
    sent.length = 0
    expect(runner.retry(jobId, { connectionId: 'c1', check: checkOf(refused) }).state).toBe('done')
    await tick()
    expect(sent).toEqual([])
  })

  it('keeps the answered codes and sends only the failed one; refuses another connection', async () => {
    const sent: string[] = []
    let failU2 = true
    const check = checkOf(async (code) => {
      sent.push(code)
      if (code === U2 && failU2) throw new AppFailure('offline', 'You seem to be offline.')
      return { valid: false, message: 'Invalid purchase code' }
    })
    const runner = new BulkRunner({ concurrency: 1 })
    const { jobId } = runner.start(`${U1}\n${U2}`, { connectionId: 'c1', check })
    for (let i = 0; i < 4; i++) await tick()
    expect(runner.get(jobId).results.map((r) => r.status)).toEqual(['not-valid', 'error'])
    expect(() => runner.retry(jobId, { connectionId: 'c2', check })).toThrow(/another connection/)
    failU2 = false
    sent.length = 0
    runner.retry(jobId, { connectionId: 'c1', check })
    for (let i = 0; i < 4; i++) await tick()
    expect(sent).toEqual([U2])
    expect(runner.get(jobId)).toMatchObject({ state: 'done', done: 2 })
    expect(runner.get(jobId).results.map((r) => r.status)).toEqual(['not-valid', 'not-valid'])
  })

  it('sends again the codes a cancel left unsent', async () => {
    const gate = gatedValidator()
    const runner = new BulkRunner({ concurrency: 1 })
    const { jobId } = runner.start(codes(3).join('\n'), { check: checkOf(gate.validate) })
    await tick()
    gate.waiting.shift()!.resolve({ valid: false, message: 'no' })
    await tick()
    await tick()
    runner.cancel(jobId)
    await tick()
    await tick()
    // The check in flight was aborted by the cancel (rejected): it answers nothing more.
    gate.waiting.splice(0)
    expect(runner.get(jobId).results.map((r) => r.status)).toEqual([
      'not-valid',
      'pending',
      'pending'
    ])
    expect(runner.retry(jobId, { check: checkOf(gate.validate) }).state).toBe('running')
    await tick()
    expect(gate.waiting.map((w) => w.code)).toEqual([codes(3)[1]])
    gate.waiting.shift()!.resolve({ valid: false, message: 'no' })
    await tick()
    await tick()
    gate.waiting.shift()!.resolve({ valid: false, message: 'no' })
    await tick()
    await tick()
    expect(runner.get(jobId)).toMatchObject({ state: 'done', done: 3 })
  })
})

describe('BulkRunner CSV words', () => {
  it('says support expired and not checked in the export, as the screen does', async () => {
    const runner = new BulkRunner({
      concurrency: 1,
      now: () => new Date('2024-05-03T00:00:00Z')
    })
    const { jobId } = runner.start(`${U1}\n${U2}`, {
      check: checkOf(async (code, signal) => {
        // The second code is in flight when the seller cancels: it never gets an answer.
        if (code === U2)
          await new Promise<void>((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new AppFailure('aborted', 'stopped')))
          )
        const v = validResult(code, '2024-05-01T00:00:00.000Z')
        if (!v.valid) throw new Error('valid fixture expected')
        return {
          valid: true,
          purchase: { ...v.purchase, supported_until: '2024-04-01T00:00:00.000Z' }
        }
      })
    })
    await tick()
    await tick()
    runner.cancel(jobId)
    await tick()
    const rows = runner.exportCsv(jobId).csv.trimEnd().split('\r\n')
    expect(rows[1]).toMatch(new RegExp(`^${U1},Valid · support expired,[^,]+,7,`))
    expect(rows[2]).toBe(
      `${U2},Not checked,,,,,,The check was cancelled before this code was sent.`
    )
  })
})

describe('BulkRunner forget and close', () => {
  /** Checks that wait until their signal aborts, recording every record() call. */
  function hangingDeps(
    connectionId: string,
    recorded: string[]
  ): BulkJobDeps & { started: Promise<void>; running: () => number } {
    let began: () => void = () => undefined
    const started = new Promise<void>((resolve) => (began = resolve))
    let running = 0
    return {
      connectionId,
      started,
      running: () => running,
      check: checkOf(
        (_code, signal) =>
          new Promise<Verdict>((_resolve, reject) => {
            running++
            began()
            // The check ends a little after the abort, as a real request does.
            const end = (): void => {
              running--
              reject(new AppFailure('aborted', 'stopped'))
            }
            signal.addEventListener('abort', () => setTimeout(end, 5), { once: true })
          }),
        async (v) => {
          recorded.push(`${connectionId}:${v.code}`)
          return v
        }
      )
    }
  }

  it("cancels a removed connection's jobs and waits for their checks; other connections' jobs run on", async () => {
    const runner = new BulkRunner({ concurrency: 2 })
    const recorded: string[] = []
    const gone = hangingDeps('gone', recorded)
    const goneJob = runner.start(`${U1}\n${U2}`, gone)
    const staying = hangingDeps('stays', recorded)
    const stayingJob = runner.start(U1, staying)
    await Promise.all([gone.started, staying.started])

    await runner.forget('gone')
    // Forgotten entirely, once its checks ended: none can record for it later.
    expect(gone.running()).toBe(0)
    expect(staying.running()).toBe(1)
    expect(() => runner.get(goneJob.jobId)).toThrow(/no longer available/)
    expect(runner.get(stayingJob.jobId).state).toBe('running')

    await runner.close()
    expect(staying.running()).toBe(0)
    expect(runner.get(stayingJob.jobId)).toMatchObject({ state: 'cancelled', done: 0 })
    expect(recorded).toEqual([])
  })
})
