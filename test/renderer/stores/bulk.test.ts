import { beforeEach, describe, expect, it } from 'vitest'
import type { Result } from '../../../shared/errors'
import type { BulkJob } from '../../../shared/ipc/contract'
import { isActive, useBulk } from '../../../renderer/src/stores/bulk'
import {
  bulkJob,
  deferred,
  err,
  installFakeBridge,
  ok,
  pendingResult,
  resetStores
} from '../fake-bridge'

// Bulk checks: main runs the job; the store starts it, polls it, pauses, resumes and
// cancels it, and never lets an answer about an older job onto the screen.

const A = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'
const B = '8d2e4f60-1a3b-4c5d-8e9f-0a1b2c3d4e5f'
const running = bulkJob([pendingResult(A), pendingResult(B)])
const checked = bulkJob([
  { ...pendingResult(A), status: 'valid', itemId: 101, itemName: 'Northwind' },
  { ...pendingResult(B), status: 'not-valid', message: 'Invalid purchase code' }
])

beforeEach(() => {
  resetStores()
  installFakeBridge()
  useBulk.getState().reset()
})

describe('bulk store', () => {
  it('sends nothing for empty text', async () => {
    const bridge = installFakeBridge()
    useBulk.getState().setText('   \n ')
    await useBulk.getState().start()
    expect(bridge.startBulk).not.toHaveBeenCalled()
  })

  it('starts a job with the pasted text and reads its progress at once', async () => {
    const bridge = installFakeBridge({
      startBulk: async () => ok(running),
      getBulk: async () => ok(checked)
    })
    useBulk.getState().setText(`${A}\n${B}`)
    await useBulk.getState().start()
    expect(bridge.calls.startBulk).toEqual([{ text: `${A}\n${B}` }])
    expect(bridge.calls.getBulk).toEqual([{ jobId: 'job-1' }])
    expect(useBulk.getState()).toMatchObject({ starting: false, job: { state: 'done', done: 2 } })
    expect(isActive(useBulk.getState().job)).toBe(false)
  })

  it('does not start a second job while one runs', async () => {
    const bridge = installFakeBridge({
      startBulk: async () => ok(running),
      getBulk: async () => ok(running)
    })
    useBulk.getState().setText(A)
    await useBulk.getState().start()
    await useBulk.getState().start()
    expect(bridge.startBulk).toHaveBeenCalledTimes(1)
    expect(isActive(useBulk.getState().job)).toBe(true)
  })

  it('shows why a job could not start', async () => {
    installFakeBridge({
      startBulk: async () => err('no-connection', 'Connect a marketplace first.')
    })
    useBulk.getState().setText(A)
    await useBulk.getState().start()
    expect(useBulk.getState()).toMatchObject({
      starting: false,
      job: null,
      error: { kind: 'no-connection' }
    })
  })

  it('stops polling a job main no longer knows, as cancelled', async () => {
    installFakeBridge({
      startBulk: async () => ok(running),
      getBulk: async () => err('not-found', 'That bulk check is no longer running.')
    })
    useBulk.getState().setText(A)
    await useBulk.getState().start()
    expect(useBulk.getState().job).toMatchObject({ state: 'cancelled', waitingUntil: null })
    expect(useBulk.getState().error?.kind).toBe('not-found')
  })

  it('pauses and resumes the job shown, with the state main answers', async () => {
    const bridge = installFakeBridge({
      startBulk: async () => ok(running),
      getBulk: async () => ok(running),
      pauseBulk: async () => ok({ ...running, state: 'paused' as const }),
      resumeBulk: async () => ok(running)
    })
    useBulk.getState().setText(A)
    await useBulk.getState().start()
    await useBulk.getState().pause()
    expect(bridge.calls.pauseBulk).toEqual([{ jobId: 'job-1' }])
    expect(useBulk.getState().job?.state).toBe('paused')
    await useBulk.getState().resume()
    expect(useBulk.getState().job?.state).toBe('running')
  })

  it('ignores a poll that left before a pause was pressed', async () => {
    const poll = deferred<Result<BulkJob>>()
    let polls = 0
    installFakeBridge({
      startBulk: async () => ok(running),
      getBulk: () => (polls++ === 0 ? Promise.resolve(ok(running)) : poll.promise),
      pauseBulk: async () => ok({ ...running, state: 'paused' as const })
    })
    useBulk.getState().setText(A)
    await useBulk.getState().start()
    const late = useBulk.getState().poll()
    await useBulk.getState().pause()
    poll.resolve(ok(running))
    await late
    expect(useBulk.getState().job?.state).toBe('paused')
  })

  it('cancels a running job when the connection is switched', async () => {
    const bridge = installFakeBridge({
      startBulk: async () => ok(running),
      getBulk: async () => ok(running)
    })
    useBulk.getState().setText(A)
    await useBulk.getState().start()
    useBulk.getState().reset()
    expect(bridge.calls.cancelBulk).toEqual([{ jobId: 'job-1' }])
    expect(useBulk.getState()).toMatchObject({ job: null, text: '', tab: 'single' })
  })

  it('goes back to the paste field only once the job has ended, keeping the text', async () => {
    installFakeBridge({ startBulk: async () => ok(running), getBulk: async () => ok(running) })
    useBulk.getState().setText(A)
    await useBulk.getState().start()
    useBulk.getState().startOver()
    expect(useBulk.getState().job).not.toBeNull()
    useBulk.setState({ job: checked })
    useBulk.getState().startOver()
    expect(useBulk.getState()).toMatchObject({ job: null, text: A })
  })
})
