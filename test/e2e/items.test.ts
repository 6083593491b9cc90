import { describe, expect, it } from 'vitest'
import type { DemoItem } from '../../electron/demo'
import { startHarness, type Harness } from './harness'
import { demoWithHandle, imagesLoaded, openItems, renderedNames } from './items-helpers'
import type { PG } from './page-globals'

// A seller browsing the catalogue of the demo marketplace: cards, search, filters, sort,
// keyboard, and a 10,000-item shop that must stay virtualised.

const byNewest = (items: DemoItem[]): DemoItem[] =>
  [...items].sort((a, b) => Date.parse(b.published_at) - Date.parse(a.published_at))

function matches(item: DemoItem, query: string): boolean {
  const hay = [item.name, item.category, item.sub_category ?? '', ...item.tags]
    .join('\n')
    .toLowerCase()
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w))
}

async function start(
  options: Parameters<typeof startHarness>[0] = {}
): Promise<{ h: Harness; items: DemoItem[] }> {
  const demo = demoWithHandle()
  const h = await startHarness({ demo: true, startDemo: demo.startDemo, ...options })
  await openItems(h.page)
  return { h, items: demo.market().data.items }
}

const count = (h: Harness): Promise<string | null> =>
  h.page
    .getByRole('toolbar', { name: 'Filter items' })
    .locator('[aria-live="polite"]')
    .textContent()

describe('Items', () => {
  it('shows each item as a card with its fields and a loaded thumbnail', async () => {
    const { h, items } = await start()
    const { page } = h
    const newest = byNewest(items)[0]!
    await expect.poll(() => count(h)).toBe(`${items.length} items`)
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: newest.name }) })
    const text = (await card.textContent()) ?? ''
    const published = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat((globalThis as unknown as PG).navigator.language, {
          day: 'numeric',
          month: 'short',
          year: 'numeric'
        }).format(new Date(iso)),
      newest.published_at
    )
    const money = (n: number): string => `$${n.toFixed(2)}`
    expect(text).toContain(newest.name)
    expect(text).toContain(`${newest.category} › ${newest.sub_category}`)
    expect(text).toContain(money(newest.price.regular))
    expect(text).toContain(money(newest.price.extended))
    expect(text).toContain(`v${newest.version}`)
    expect(text).toContain(
      newest.kind === 'image' ? 'Image' : newest.kind === 'video' ? 'Video' : 'Audio'
    )
    expect(text).toContain(`Published ${published}`)
    // Thumbnails really arrive through the host's /media route, not a fallback icon.
    expect(await imagesLoaded(page, '[role="list"][aria-label="Items"]')).toBeGreaterThan(8)
    expect(await page.getByTestId('thumb-placeholder').count()).toBe(0)

    await page.getByRole('button', { name: 'List' }).click()
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: newest.name }) })
    const rowText = (await row.textContent()) ?? ''
    expect(rowText).toContain(money(newest.price.extended))
    expect(rowText).toContain(published)
    expect(await imagesLoaded(page, '[role="list"][aria-label="Items"]')).toBeGreaterThan(8)
  })

  it('searches as you type: by name, by tag and by category', async () => {
    const { h, items } = await start()
    const search = h.page.getByRole('searchbox', { name: 'Search items' })
    const expectShown = async (query: string): Promise<string[]> => {
      const expected = byNewest(items.filter((i) => matches(i, query))).map((i) => i.name)
      expect(expected.length).toBeGreaterThan(0)
      expect(expected.length).toBeLessThan(items.length)
      await h.page.waitForFunction(
        (n) =>
          (globalThis as unknown as PG).document.querySelectorAll(
            '[role="list"][aria-label="Items"] [role="listitem"]'
          ).length === n,
        expected.length
      )
      await expect.poll(() => count(h)).toBe(`${expected.length} of ${items.length}`)
      await expect.poll(() => renderedNames(h.page)).toEqual(expected)
      return expected
    }
    // Narrows with each key, no Enter needed.
    await search.pressSequentially('gl')
    const wide = await expectShown('gl')
    await search.pressSequentially('itch')
    const narrow = await expectShown('glitch')
    expect(narrow.length).toBeLessThan(wide.length)
    // A tag no name contains.
    await search.fill('fintech')
    expect(await expectShown('fintech')).toEqual(['Midnight Mobile Banking App'])
    // A category, two words.
    await search.fill('motion graphics')
    const motion = await expectShown('motion graphics')
    expect(
      motion.every((n) => items.find((i) => i.name === n)?.category === 'Motion Graphics')
    ).toBe(true)
    // Escape clears the search.
    // The list filters on a deferred copy of the query, so the count catches up a frame later.
    await search.press('Escape')
    expect(await search.inputValue()).toBe('')
    await expect.poll(() => count(h)).toBe(`${items.length} items`)
  })

  it("never paints a card with the last item's picture while a search brings another", async () => {
    const { h } = await start()
    const { page } = h
    const grid = '[role="list"][aria-label="Items"]'
    await imagesLoaded(page, grid)
    // Every frame, in the page: a picture shown (not held back while it loads) must be
    // complete. A card reused for another item keeps its <img> and changes its address,
    // and Chromium paints the old picture until the new one has loaded.
    await page.evaluate(`(() => {
      window.__stale = [];
      window.__frames = 0;
      const check = () => {
        window.__frames++;
        for (const img of document.querySelectorAll(${JSON.stringify(`${grid} img`)})) {
          if (!('loading' in img.dataset) && !img.complete) window.__stale.push(img.src);
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })()`)
    const search = page.getByRole('searchbox', { name: 'Search items' })
    for (const query of ['gl', 'mo', 'ban', 'fin', 'a', 'dark', 'e']) {
      await search.fill('')
      await search.pressSequentially(query)
    }
    await imagesLoaded(page, grid)
    expect(await page.evaluate('window.__frames')).toBeGreaterThan(10)
    expect(await page.evaluate('window.__stale')).toEqual([])
    // A loaded picture is not left hidden (one below the view may still wait to load).
    await expect
      .poll(() =>
        page.evaluate(
          `[...document.querySelectorAll(${JSON.stringify(`${grid} img[data-loading]`)})].filter((i) => i.complete).length`
        )
      )
      .toBe(0)
  })

  it('filters by category and by kind', async () => {
    const { h, items } = await start()
    const { page } = h
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Music')
    const music = items.filter((i) => i.category === 'Music')
    // Main answers each filter change (queryItems): the count and cards follow a moment later.
    await expect.poll(() => count(h)).toBe(`${music.length} of ${items.length}`)
    expect((await renderedNames(page)).sort()).toEqual(music.map((i) => i.name).sort())

    await page.getByRole('combobox', { name: 'Category' }).selectOption('')
    const kinds = page.getByRole('group', { name: 'Kind' })
    await kinds.getByRole('button', { name: 'Video' }).click()
    expect(await kinds.getByRole('button', { name: 'Video' }).getAttribute('aria-pressed')).toBe(
      'true'
    )
    const videos = items.filter((i) => i.kind === 'video')
    await expect.poll(() => count(h)).toBe(`${videos.length} of ${items.length}`)
    expect((await renderedNames(page)).sort()).toEqual(videos.map((i) => i.name).sort())
    // Category and kind together: nothing is both Music and Video.
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Music')
    await page.getByText('No items match these filters.').waitFor()
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(() => count(h)).toBe(`${items.length} items`)
  })

  it('sorts by name, by price and by newest', async () => {
    // Tall enough that the list mode renders every row of the 30.
    const { h, items } = await start({ viewport: { width: 1280, height: 2200 } })
    const { page } = h
    await page.getByRole('button', { name: 'List' }).click()
    const sort = page.getByRole('combobox', { name: 'Sort' })
    // Main answers each sort (queryItems), so the rows are awaited, not read once.
    // Names are unique in the demo, so each rendered name gives its regular price.
    const prices = async (): Promise<number[]> =>
      (await renderedNames(page)).map((n) => items.find((i) => i.name === n)?.price.regular ?? NaN)

    await expect.poll(() => renderedNames(page)).toEqual(byNewest(items).map((i) => i.name))

    await sort.selectOption('name')
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
    await expect
      .poll(() => renderedNames(page))
      .toEqual(items.map((i) => i.name).sort(collator.compare))

    await sort.selectOption('price-asc')
    const asc = items.map((i) => i.price.regular).sort((a, b) => a - b)
    await expect.poll(() => prices()).toEqual(asc)
    await sort.selectOption('price-desc')
    await expect.poll(() => prices()).toEqual([...asc].reverse())

    await sort.selectOption('newest')
    await expect.poll(() => renderedNames(page)).toEqual(byNewest(items).map((i) => i.name))
  })

  it('works by keyboard: Ctrl+F, arrows, Home/End, Enter opens, Escape returns', async () => {
    const { h, items } = await start()
    const { page } = h
    const sorted = byNewest(items)
    await page.keyboard.press('Control+f')
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as PG).document.activeElement?.getAttribute('aria-label')
      )
    ).toBe('Search items')
    const focusedPos = (): Promise<string | null> =>
      page.evaluate(() => (globalThis as unknown as PG).document.activeElement?.dataset.pos ?? null)
    for (let i = 0; i < 20 && (await focusedPos()) === null; i++) await page.keyboard.press('Tab')
    expect(await focusedPos()).toBe('0')
    await page.keyboard.press('ArrowRight')
    expect(await focusedPos()).toBe('1')
    const columns = await page.evaluate(
      () =>
        (globalThis as unknown as PG)
          .getComputedStyle(
            (globalThis as unknown as PG).document.querySelector(
              '[role="list"][aria-label="Items"] > div'
            )!
          )
          .gridTemplateColumns.split(' ').length
    )
    await page.keyboard.press('ArrowDown')
    expect(await focusedPos()).toBe(String(1 + columns))
    await page.keyboard.press('End')
    await page.waitForFunction(
      (n) => (globalThis as unknown as PG).document.activeElement?.dataset.pos === n,
      String(items.length - 1)
    )
    await page.keyboard.press('Home')
    await page.waitForFunction(
      () => (globalThis as unknown as PG).document.activeElement?.dataset.pos === '0'
    )
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: sorted[0]!.name, level: 2 }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('list', { name: 'Items' }).waitFor()
  })

  it('keeps a 10,000-item catalogue virtualised and reaches its last item', async () => {
    const demo = demoWithHandle({ size: 10_000 })
    const h = await startHarness({ demo: true, startDemo: demo.startDemo })
    const { page } = h
    await openItems(page)
    const items = demo.market().data.items
    expect(items).toHaveLength(10_000)
    await page.getByText('10,000 items').waitFor()
    const inDom = (): Promise<number> =>
      page.getByRole('list', { name: 'Items' }).getByRole('listitem').count()
    expect(await inDom()).toBeLessThan(60)
    const list = page.getByRole('list', { name: 'Items' })
    expect(Number(await list.getByRole('listitem').first().getAttribute('aria-setsize'))).toBe(
      10_000
    )

    await page.getByTestId('items-scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    const last = byNewest(items).at(-1)!
    const lastItem = list.locator('[role="listitem"][aria-posinset="10000"]')
    await lastItem.waitFor()
    // The row stands as a placeholder until main answers its window (queryItems).
    await expect.poll(() => lastItem.textContent()).toContain(last.name)
    expect(await inDom()).toBeLessThan(60)

    await page.getByRole('searchbox', { name: 'Search items' }).fill(last.name)
    await page.getByRole('button', { name: last.name }).waitFor()
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 760, height: 700 }
    ]) {
      it(`looks right (${colorScheme}, ${viewport.width}x${viewport.height})`, async () => {
        const { h } = await start({ colorScheme, viewport })
        await imagesLoaded(h.page, '[role="list"][aria-label="Items"]')
        await h.screenshot(`items-grid-${colorScheme}-${viewport.width}`)
        // A search updates the tiles already drawn (keyed by place): each shows its own item.
        const search = h.page.getByRole('searchbox', { name: 'Search items' })
        await search.fill('music')
        await h.page.getByText(/^\d+ of 30$/).waitFor()
        await imagesLoaded(h.page, '[role="list"][aria-label="Items"]')
        await h.screenshot(`items-search-${colorScheme}-${viewport.width}`)
        await search.fill('')
        await h.page.getByText('30 items').waitFor()
        await h.page.getByRole('button', { name: 'List' }).click()
        await imagesLoaded(h.page, '[role="list"][aria-label="Items"]')
        await h.screenshot(`items-list-${colorScheme}-${viewport.width}`)
        await h.page.getByRole('searchbox', { name: 'Search items' }).fill('no such thing at all')
        await h.page.getByRole('button', { name: 'Clear search' }).waitFor()
        await h.screenshot(`items-no-match-${colorScheme}-${viewport.width}`)
      })
    }
  }
})
