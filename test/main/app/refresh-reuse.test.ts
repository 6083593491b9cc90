import { afterEach, expect, it } from 'vitest'
import { FileCatalogueCache } from '../../../electron/main/cache/catalogue-cache'
import { FIRST_WINDOW } from '../../../shared/item-summary'
import { demoAppWithList } from '../../support/demo-app'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

it('a refresh keeps the items it finds unchanged as the saved list in memory holds them', async () => {
  let cache: FileCatalogueCache | null = null
  // A list large enough to be read on the parse thread (over 1 MiB).
  const { call, connectionId } = await demoAppWithList(cleanups, {
    size: 3000,
    cache: (dataDir) => (cache = new FileCatalogueCache({ dataDir }))
  })
  const files = cache!
  // The saved list differs from the marketplace's in two ways: its first item is gone (so
  // every other item stands one place earlier) and another item's name was changed.
  const listed = await files.readItems(connectionId)
  const [gone, ...kept] = listed!.data.items
  const renamed = { ...kept[10]!, name: 'Renamed while offline' }
  kept[10] = renamed
  await files.writeItems(connectionId, { ...listed!, data: { ...listed!.data, items: kept } })
  // Held, as a search during the refresh holds what it reads back: the cache lets go of
  // the list as the refresh starts, and only what something else holds is still there.
  const held = await files.readItems(connectionId)
  const saved = files.itemsInMemory(connectionId)
  expect(saved).toBe(held!.data.items)
  expect(saved).toHaveLength(2999)

  const refreshed = await call('queryItems', { ...FIRST_WINDOW, refresh: true })
  expect(refreshed).toMatchObject({ ok: true, data: { freshness: { source: 'network' } } })
  const now = files.itemsInMemory(connectionId)!
  expect(now).not.toBe(saved)
  expect(now).toHaveLength(3000)
  const savedById = new Map(saved!.map((item) => [item.id, item]))
  const same = now.filter((item) => savedById.get(item.id) === item)
  expect(same).toHaveLength(2998)
  // The item the saved list lacked, and the one it had otherwise, are the marketplace's.
  const back = now.find((item) => item.id === gone!.id)!
  expect(back).toEqual(gone)
  const named = now.find((item) => item.id === renamed.id)!
  expect(named).not.toBe(renamed)
  expect(named.name).not.toBe('Renamed while offline')
  // Stored as the marketplace answered it.
  const stored = await new FileCatalogueCache({
    dataDir: files.root.replace(/\/cache$/, '')
  }).readItems(connectionId)
  expect(stored!.data.items).toEqual(now)
  expect(held!.data.items).toBe(saved)
})
