import { beforeEach, describe, expect, it, vi } from 'vitest'
import { clipboardCode } from '../../../electron/main/glue/clipboard'
import { resetElectronFake } from './fakes'

// Quick lookup reading the clipboard, through the faked 'electron' module (fakes.ts).

const fake = await vi.hoisted(async () => (await import('./fakes')).createElectronFake())
vi.mock('electron', () => fake.module)

const CODE = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c'

beforeEach(() => resetElectronFake(fake))

describe('clipboard', () => {
  it('takes the code out of a copied support mail', async () => {
    fake.clipboard.text = `Hi,\nmy purchase code is ${CODE.toUpperCase()}.\nThanks, Ana`
    expect(await clipboardCode()).toBe(CODE)
  })
  it('answers null for text with no code and for a clipboard it cannot read', async () => {
    fake.clipboard.text = 'Thanks for the quick answer!'
    expect(await clipboardCode()).toBeNull()
    fake.clipboard.text = CODE
    fake.clipboard.fails = true
    expect(await clipboardCode()).toBeNull()
    fake.clipboard.fails = false
  })
})
