import { describe, expect, it } from 'vitest'
import { scrubbingKey } from '../../../electron/main/connections/scrubbing-key'
import { AppFailure } from '../../../electron/main/ipc/failure'
import { MarketplaceError } from '../../../electron/main/marketplace/errors'
import { KEY_MASK } from '../../../electron/main/marketplace/scrub'

const KEY = 'k3yAbCdEfGhIjKlMnOpQrStUvWxYz0123456789'

describe('scrubbingKey', () => {
  it('masks the key in what the call answers, object keys included', async () => {
    const out = await scrubbingKey(KEY, async () => ({ name: `Kit ${KEY}`, [KEY]: 1 }))
    expect(out).toEqual({ name: `Kit ${KEY_MASK}`, [KEY_MASK]: 1 })
  })

  it('masks the key in a failure and keeps its kind', async () => {
    const failing = scrubbingKey(KEY, async () => {
      throw new MarketplaceError('bad-response', `got "${KEY.slice(0, 20)}"`)
    })
    const error = await failing.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppFailure)
    expect((error as AppFailure).kind).toBe('bad-response')
    expect((error as AppFailure).message).toBe(`got "${KEY_MASK}"`)
  })

  it('passes a failure that holds no piece of the key on as it is', async () => {
    const original = new MarketplaceError('offline', 'The marketplace could not be reached.')
    await expect(
      scrubbingKey(KEY, async () => {
        throw original
      })
    ).rejects.toBe(original)
  })
})
