import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { VirtualItems } from '../../../../renderer/src/views/items/VirtualItems'
import { listFrom, type ItemsList } from '../../../../renderer/src/stores/items-list'
import type { ItemFilters } from '../../../../shared/item-query'
import { summaryOf } from '../../../../shared/item-summary'
import { useSettings } from '../../../../renderer/src/stores/settings'
import { useItems } from '../../../../renderer/src/stores/items'
import { TYPING_SETTLES_MS } from '../../../../renderer/src/stores/typing'
import { installFakeBridge, resetStores, sampleItem } from '../../fake-bridge'
import { stubLayout } from './items-layout'
import { GRID_GAP, GRID_PADDING } from '../../../../renderer/src/views/items/layout'

stubLayout()

// The line counts the grid gives its virtualizer, render by render.
const virtualCounts = vi.hoisted(() => [] as number[])
vi.mock('@tanstack/react-virtual', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@tanstack/react-virtual')>()
  const useVirtualizer: typeof actual.useVirtualizer = (options) => {
    virtualCounts.push(options.count)
    return actual.useVirtualizer(options)
  }
  return { ...actual, useVirtualizer }
})

const filters = (query: string): ItemFilters => ({
  query,
  category: '',
  kind: 'all',
  sort: 'newest'
})

/** A search's answer: `count` items named after `word`, their thumbnails their own. */
function answer(word: string, count: number, firstId: number): ItemsList {
  const rows = Array.from({ length: count }, (_, i) =>
    summaryOf(
      sampleItem({
        id: firstId + i,
        name: `${word} ${i + 1}`,
        price: { regular: firstId + i, extended: (firstId + i) * 5 },
        media: {
          thumbnail: `https://market.test/media/${firstId + i}/thumb.jpg`,
          preview_image: null,
          preview_video: null,
          preview_audio: null,
          screenshots: []
        }
      })
    )
  )
  return listFrom(
    {
      rows,
      offset: 0,
      matched: count,
      total: 500,
      categories: ['Templates'],
      skipped: [],
      listProblem: null
    },
    filters(word)
  )
}

function Grid({ list }: { list: ItemsList }): React.JSX.Element {
  return (
    <VirtualItems
      list={list}
      layout="grid"
      onRange={() => {}}
      onOpen={() => {}}
      initialScrollTop={0}
      saveScrollTop={() => {}}
      resetKey={list.filters}
    />
  )
}

const card = (pos: number): HTMLElement =>
  document.querySelector<HTMLElement>(`[data-pos="${pos}"]`) ?? document.body

beforeEach(() => {
  resetStores()
  installFakeBridge()
})

describe('VirtualItems: a new search in place', () => {
  it('shows the new matches in the cards already drawn, each picture hidden until loaded', async () => {
    const { rerender } = render(<Grid list={answer('Amber', 12, 1)} />)
    await screen.findByRole('button', { name: /^Amber 1\b/ })
    const before = card(0)
    const imageBefore = before.querySelector('img')
    expect(imageBefore?.getAttribute('src')).toContain(encodeURIComponent('/media/1/thumb.jpg'))

    rerender(<Grid list={answer('Beacon', 12, 201)} />)
    await screen.findByRole('button', { name: /^Beacon 1\b/ })
    // The card is reused (a keystroke updates its text, not the whole tile)...
    expect(card(0)).toBe(before)
    expect(screen.queryByRole('button', { name: /^Amber/ })).toBeNull()
    // ...its picture element too, with the new address, hidden until that picture is
    // loaded: the last item's picture never shows beside the new name.
    const imageAfter = card(0).querySelector('img')!
    expect(imageAfter).toBe(imageBefore)
    expect(imageAfter.getAttribute('src')).toContain(encodeURIComponent('/media/201/thumb.jpg'))
    expect(imageAfter).toHaveAttribute('data-loading')
    fireEvent.load(imageAfter)
    expect(imageAfter).not.toHaveAttribute('data-loading')
    // The prices note is named by place as well: the same id, now telling the new prices.
    expect(card(0)).toHaveAttribute('aria-describedby', 'item-prices-0')
    expect(document.getElementById('item-prices-0')).toHaveTextContent(
      'Regular licence $201.00, extended licence $1,005.00'
    )
    expect(screen.getByRole('button', { name: /^Beacon 1\b/ })).toHaveAccessibleDescription(
      'Regular licence $201.00, extended licence $1,005.00'
    )
  })

  it('keeps the focused card focused when the answer changes under it', async () => {
    const { rerender } = render(<Grid list={answer('Amber', 12, 1)} />)
    await screen.findByRole('button', { name: /^Amber 2\b/ })
    card(1).focus()
    expect(document.activeElement).toBe(card(1))
    rerender(<Grid list={answer('Beacon', 12, 201)} />)
    await screen.findByRole('button', { name: /^Beacon 2\b/ })
    expect(document.activeElement).toBe(card(1))
    expect(document.activeElement).toHaveAccessibleName(/^Beacon 2\b/)
  })
})

describe('VirtualItems: pictures wait while the seller types', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const picture = (pos: number): HTMLImageElement => card(pos).querySelector('img')!

  it("asks for a match's picture once the search settles, and shows one seen before at once", async () => {
    const { rerender } = render(<Grid list={answer('Amber', 12, 1001)} />)
    await screen.findByRole('button', { name: /^Amber 1\b/ })
    const image = picture(0)
    expect(image.getAttribute('src')).toContain(encodeURIComponent('/media/1001/thumb.jpg'))
    fireEvent.load(image)

    vi.useFakeTimers()
    // A key: the search box changes the query (no list in the store, so nothing is asked).
    act(() => useItems.getState().setFilters({ query: 'b' }))
    rerender(<Grid list={answer('Beacon', 12, 2001)} />)
    screen.getByRole('button', { name: /^Beacon 1\b/ })
    // The same element, asking for nothing yet, and hidden: no picture of Amber beside Beacon.
    expect(picture(0)).toBe(image)
    expect(image.hasAttribute('src')).toBe(false)
    expect(image).toHaveAttribute('data-loading')
    // Amber's picture answering late does not show it.
    fireEvent.load(image)
    expect(image).toHaveAttribute('data-loading')

    // Still typing, the seller erases: a picture this page has shown comes back at once.
    act(() => useItems.getState().setFilters({ query: '' }))
    rerender(<Grid list={answer('Amber', 12, 1001)} />)
    expect(image.getAttribute('src')).toContain(encodeURIComponent('/media/1001/thumb.jpg'))

    act(() => useItems.getState().setFilters({ query: 'b' }))
    rerender(<Grid list={answer('Beacon', 12, 2001)} />)
    expect(image.hasAttribute('src')).toBe(false)
    act(() => vi.advanceTimersByTime(TYPING_SETTLES_MS - 1))
    expect(image.hasAttribute('src')).toBe(false)
    // The search settles: every card asks for its picture, shown once loaded.
    act(() => vi.advanceTimersByTime(1))
    expect(image.getAttribute('src')).toContain(encodeURIComponent('/media/2001/thumb.jpg'))
    expect(picture(11).getAttribute('src')).toContain(encodeURIComponent('/media/2012/thumb.jpg'))
    expect(image).toHaveAttribute('data-loading')
    fireEvent.load(image)
    expect(image).not.toHaveAttribute('data-loading')
  })

  it('does not hold pictures for a change of filter that is not typed', async () => {
    const { rerender } = render(<Grid list={answer('Cedar', 12, 3001)} />)
    await screen.findByRole('button', { name: /^Cedar 1\b/ })
    act(() => useItems.getState().setFilters({ category: 'Templates' }))
    rerender(<Grid list={answer('Dune', 12, 4001)} />)
    expect(picture(0).getAttribute('src')).toContain(encodeURIComponent('/media/4001/thumb.jpg'))
  })
})

describe('VirtualItems: a search leaves the lines measured', () => {
  const listHeight = (): number =>
    Number.parseFloat(screen.getByRole('list', { name: 'Items' }).style.height)

  it('gives the virtualizer the whole list, and draws and sizes the grid by the matches', async () => {
    // 500 items in main's list, 4 columns: 125 lines, whatever a search matches.
    const { rerender } = render(<Grid list={answer('Amber', 12, 1)} />)
    await screen.findByRole('button', { name: /^Amber 12\b/ })
    const twelve = listHeight()
    virtualCounts.length = 0
    rerender(<Grid list={answer('Beacon', 3, 201)} />)
    await screen.findByRole('button', { name: /^Beacon 3\b/ })
    // The virtualizer measures all its lines again when their number changes: a keystroke
    // must not change it.
    expect(virtualCounts.length).toBeGreaterThan(0)
    expect(new Set(virtualCounts)).toEqual(new Set([125]))
    // Only the three matches are drawn, and the grid is one line high, not 125.
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    const line = listHeight() - GRID_GAP - GRID_PADDING
    expect(line).toBeGreaterThan(0)
    expect(twelve - listHeight()).toBe(2 * line)
  })
})

/** Cards in the grid's first row: its column count as drawn. */
const firstRowCards = (): number =>
  document.querySelector('[role="list"][aria-label="Items"] > div')?.children.length ?? 0

describe("VirtualItems: the grid's size at start", () => {
  // stubLayout's box is 1,040 px wide (4 columns); jsdom's window is 1,024 px.
  it('measures its box on a first start, with nothing to go by', async () => {
    const reads = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get')
    render(<Grid list={answer('Amber', 12, 1)} />)
    await screen.findByRole('button', { name: /^Amber 1\b/ })
    expect(reads).toHaveBeenCalled()
    expect(firstRowCards()).toBe(4)
    reads.mockRestore()
  })

  it('draws the cards for the window from where the grid sat last time, without measuring', async () => {
    // 500 px of frame around the grid: 524 px left for it, 2 columns.
    useSettings.setState({ itemsInset: { x: 500, y: 100 } })
    const reads = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get')
    render(<Grid list={answer('Amber', 12, 1)} />)
    await screen.findByRole('button', { name: /^Amber 1\b/ })
    expect(reads).not.toHaveBeenCalled()
    expect(firstRowCards()).toBe(2)
    reads.mockRestore()
  })
})
