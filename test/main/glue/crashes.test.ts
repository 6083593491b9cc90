import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { offerRestartOnCrash } from '../../../electron/main/glue/crashes'

// An uncaught error in main, through the faked 'electron' dialog (the window's crash watch
// is in desktop-app.test.ts).

const fake = await vi.hoisted(async () => {
  const electron = (await import('./fakes')).createElectronFake()
  const state = { steps: [] as string[], answer: 0, boxes: [] as { message: string }[] }
  Object.assign(electron.app, {
    relaunch: () => state.steps.push('relaunch'),
    quit: () => state.steps.push('quit')
  })
  electron.module['dialog'] = {
    showMessageBox: async (box: { message: string }) => {
      state.boxes.push(box)
      return { response: state.answer }
    }
  }
  return { electron, state }
})
vi.mock('electron', () => fake.electron.module)

describe('an uncaught error in main', () => {
  it('is logged and the seller is offered a restart, which quits (closing the stores) and relaunches', async () => {
    const source = new EventEmitter()
    const logged: string[] = []
    offerRestartOnCrash({ warn: () => undefined, error: (m) => logged.push(m) }, source)
    source.emit('uncaughtException', new Error('disk gone'))
    expect(logged).toEqual(['Uncaught error in the main process'])
    await vi.waitFor(() => expect(fake.state.steps).toEqual(['relaunch', 'quit']))
    expect(fake.state.boxes[0]!.message).toMatch(
      /^Seller Desk met an unexpected error \(disk gone\)/
    )
  })

  it('keeps running when the seller says so', async () => {
    fake.state.steps.length = 0
    fake.state.answer = 1
    const source = new EventEmitter()
    offerRestartOnCrash({ warn: () => undefined, error: () => undefined }, source)
    source.emit('unhandledRejection', new Error('late'))
    await new Promise((r) => setTimeout(r, 10))
    expect(fake.state.steps).toEqual([])
  })
})
