import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { FileCatalogueCache } from '../../../electron/main/cache/catalogue-cache'
import { fetchMedia } from '../../../electron/main/media/fetch-media'
import { mediaHandlers } from '../../../electron/main/media/handlers'
import { MediaCache } from '../../../electron/main/media/media-cache'

let dataDir: string
let media: MediaCache

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sd-media-handlers-'))
  media = new MediaCache({ dataDir, fetchMedia, log: { warn: () => undefined } })
})
afterEach(async () => {
  await media.close()
  await rm(dataDir, { recursive: true, force: true })
})

it('counts the cache once the checks already made are learnt, so the size does not move after', async () => {
  const catalogue = new FileCatalogueCache({ dataDir, log: { warn: () => undefined } })
  // A check's item, written just after its verdict (as the learner does).
  let learnt: () => void = () => undefined
  const learning = new Promise<void>((resolve) => (learnt = resolve))
  const written = learning.then(async () => {
    await mkdir(join(dataDir, 'cache', 'c1', 'items'), { recursive: true })
    await writeFile(join(dataDir, 'cache', 'c1', 'items', '42.json'), 'x'.repeat(1234))
  })
  const handlers = mediaHandlers(media, catalogue, dataDir, () => written)

  const asked = handlers.getCacheInfo(undefined)
  learnt()
  const info = await asked
  expect(info.bytes).toBe(1234)
  expect(info.files).toBe(1)
  expect((await handlers.getCacheInfo(undefined)).bytes).toBe(info.bytes)
})
