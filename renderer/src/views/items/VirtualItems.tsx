import { memo, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { Layout } from '../../stores/items'
import { listTotal, rowAt, rowCount, type ItemsList } from '../../stores/items-list'
import { useNav } from '../../stores/nav'
import { ItemCard } from './ItemCard'
import { ItemRow, ListHeader } from './ItemRow'
import { GRID_GAP, GRID_PADDING, LIST_ROW_HEIGHT, gridGeometry } from './layout'
import { observeRectAfterLayout, scrollUnlessFresh, useGridBox } from './useGridBox'
import styles from './VirtualItems.module.css'

const LIST_HEADER_HEIGHT = 32
/** Rows drawn beyond those in view, above and below, once a list's first frame is painted. */
const OVERSCAN: Record<Layout, number> = { grid: 2, list: 8 }

interface VirtualItemsProps {
  list: ItemsList
  layout: Layout
  /** Positions now in view (plus a few): the rows not fetched yet are asked for. */
  onRange(start: number, end: number): void
  onOpen(id: number): void
  /** Where to start (Back from a detail returns to the same spot). */
  initialScrollTop: number
  saveScrollTop(top: number): void
  /** Changes when the filters do: the list then starts again from the top. */
  resetKey: string
}

/**
 * Only the rows in view (plus a few) exist in the DOM, so 10,000 items scroll like 20.
 * The grid is rows of N cards, N from the container width. Main holds the catalogue: a
 * card whose row has not arrived yet is a placeholder until its window does.
 * Memoised: a keystroke re-renders the view for its search box at once, and the grid has
 * nothing new to draw until main's answer arrives (keystroke to the end of its frame:
 * 13.6 -> 11.0 ms, median of 30 at 100,000 items).
 */
export const VirtualItems = memo(function VirtualItems({
  list,
  layout,
  onRange,
  onOpen,
  initialScrollTop,
  saveScrollTop,
  resetKey
}: VirtualItemsProps): React.JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null)
  const { width, guess } = useGridBox(scrollRef)
  const geometry = gridGeometry(width)
  const grid = layout === 'grid'
  const columns = grid ? geometry.columns : 1
  const rowHeight = grid ? geometry.rowHeight : LIST_ROW_HEIGHT
  const count = rowCount(list)
  const lines = Math.ceil(count / columns)
  // The virtualizer measures every line it is given, all of them again whenever their number
  // changes: at 100,000 items a keystroke's new count was 20,000 lines measured anew in the
  // renderer (docs/performance.md). It is given the whole list's lines, which a search does
  // not change, so it measures them once; the list's height and the rows drawn follow the
  // matches. Every line is the same height, so a line's place does not depend on the others.
  const capacity = Math.max(lines, Math.ceil(listTotal(list) / columns))
  const paddingStart = grid ? GRID_GAP : LIST_HEADER_HEIGHT

  // The view's first frame draws only the rows in view; the rows beyond them (the
  // overscan) follow once it is painted, so the first cards wait for no card the seller
  // cannot see yet. A new search keeps them: its answer updates the cards in place, where
  // dropping and drawing them again made every keystroke build two rows of cards anew
  // after its frame, in the way of the next key.
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (painted) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [painted])

  const virtualizer = useVirtualizer({
    // Until the first layout gives the width, the column count is unknown: measuring every
    // line as one column (10,000 entries, 100,000 at that size) was thrown away at once.
    enabled: width > 0,
    count: capacity,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: painted ? OVERSCAN[layout] : 0,
    initialOffset: initialScrollTop,
    paddingStart,
    paddingEnd: GRID_PADDING,
    scrollToFn: scrollUnlessFresh,
    ...(guess ? { initialRect: guess, observeElementRect: observeRectAfterLayout } : {})
  })

  // Row height follows the width: drop the cached sizes when it changes (none on mount, and
  // measuring then would only draw the grid a second time before its first frame).
  const sizedFor = useRef<string | null>(null)
  useLayoutEffect(() => {
    const size = `${columns}x${rowHeight}`
    if (sizedFor.current !== null && sizedFor.current !== size) virtualizer.measure()
    sizedFor.current = size
  }, [virtualizer, rowHeight, columns])

  const lastTop = useRef(initialScrollTop)
  const save = useRef(saveScrollTop)
  useEffect(() => {
    save.current = saveScrollTop
  }, [saveScrollTop])
  useEffect(() => () => save.current(lastTop.current), [])

  const firstKey = useRef(resetKey)
  useEffect(() => {
    if (firstKey.current === resetKey) return
    firstKey.current = resetKey
    // Writing scrollTop lays out the new rows there and then, inside this task: a search
    // typed at the top (as most are) has nothing to scroll, and the frame lays them out.
    if (scrollRef.current && lastTop.current !== 0) scrollRef.current.scrollTop = 0
    lastTop.current = 0
  }, [resetKey])

  const shown = virtualizer.getVirtualItems().filter((row) => row.index < lines)
  const firstShown = shown.length > 0 ? shown[0]!.index * columns : 0
  const endShown = shown.length > 0 ? (shown[shown.length - 1]!.index + 1) * columns : 0
  useEffect(() => {
    if (endShown > firstShown) onRange(firstShown, Math.min(endShown, count))
  }, [onRange, firstShown, endShown, count, list.generation])

  // A card asked for focus before its row arrived: focus it once it is drawn.
  const pendingFocus = useRef<{ pos: number; preventScroll: boolean } | null>(null)
  const focusAt = (pos: number, preventScroll = false): boolean => {
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-pos="${pos}"]`)
    if (!el) return false
    el.focus({ preventScroll })
    return true
  }
  useEffect(() => {
    const pending = pendingFocus.current
    if (pending && focusAt(pending.pos, pending.preventScroll)) pendingFocus.current = null
  })
  const focusSoon = (pos: number, preventScroll = false): void => {
    pendingFocus.current = null
    if (focusAt(pos, preventScroll)) return
    pendingFocus.current = { pos, preventScroll }
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (pendingFocus.current?.pos === pos && focusAt(pos, preventScroll))
          pendingFocus.current = null
      })
    )
  }

  // Back from an item (Escape) lands on that item's card, not on the page's body.
  useEffect(() => {
    const { returnFocusTo, focusReturned } = useNav.getState()
    if (returnFocusTo === null) return
    focusReturned()
    let pos = -1
    for (let p = 0; p < count && pos < 0; p++) if (rowAt(list, p)?.id === returnFocusTo) pos = p
    if (pos < 0) return
    virtualizer.scrollToIndex(Math.floor(pos / columns), { align: 'auto' })
    focusSoon(pos, true)
    // Once, when the list first shows after Back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const current =
      event.target instanceof HTMLElement ? Number(event.target.dataset.pos) : Number.NaN
    if (Number.isNaN(current)) return
    const step: Record<string, number> = {
      ArrowRight: grid ? 1 : 0,
      ArrowLeft: grid ? -1 : 0,
      ArrowDown: columns,
      ArrowUp: -columns,
      Home: -current,
      End: count - 1 - current
    }
    const delta = step[event.key]
    if (delta === undefined || delta === 0) return
    event.preventDefault()
    const next = Math.min(count - 1, Math.max(0, current + delta))
    virtualizer.scrollToIndex(Math.floor(next / columns), { align: 'auto' })
    focusSoon(next)
  }

  return (
    <div
      ref={scrollRef}
      className={styles.scroller}
      data-testid="items-scroller"
      onScroll={(e) => {
        lastTop.current = e.currentTarget.scrollTop
      }}
    >
      <div
        role="list"
        aria-label="Items"
        className={styles.list}
        style={{ height: paddingStart + lines * rowHeight + GRID_PADDING }}
        onKeyDown={onKeyDown}
      >
        {!grid && <ListHeader />}
        {shown.map((row) => {
          const start = row.index * columns
          const cells = Array.from(
            { length: Math.min(columns, count - start) },
            (_, i) => start + i
          )
          return (
            <div
              key={row.key}
              className={grid ? styles.gridRow : styles.listRow}
              style={{
                transform: `translateY(${row.start}px)`,
                height: grid ? rowHeight - GRID_GAP : rowHeight,
                gridTemplateColumns: grid ? `repeat(${columns}, minmax(0, 1fr))` : undefined
              }}
            >
              {cells.map((pos) => {
                const item = rowAt(list, pos)
                if (!item)
                  return (
                    <div
                      key={`pending-${pos}`}
                      role="listitem"
                      aria-setsize={count}
                      aria-posinset={pos + 1}
                      aria-busy="true"
                      className={grid ? styles.pendingCard : styles.pendingRow}
                    />
                  )
                const Tile = grid ? ItemCard : ItemRow
                // Keyed by place, not by item: a keystroke's new matches update the tiles
                // already drawn instead of making them again, and a focused tile keeps the
                // focus. ItemThumb gives each address its own <img>.
                return <Tile key={pos} item={item} pos={pos} total={count} onOpen={onOpen} />
              })}
            </div>
          )
        })}
      </div>
    </div>
  )
})
