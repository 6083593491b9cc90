import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { Item } from '../../../../shared/model'
import type { Layout } from '../../stores/items'
import { useNav } from '../../stores/nav'
import { ItemCard } from './ItemCard'
import { ItemRow, ListHeader } from './ItemRow'
import { GRID_GAP, GRID_PADDING, LIST_ROW_HEIGHT, gridGeometry } from './layout'
import { useElementWidth } from './useElementWidth'
import styles from './VirtualItems.module.css'

const LIST_HEADER_HEIGHT = 32

interface VirtualItemsProps {
  items: readonly Item[]
  layout: Layout
  onOpen(id: number): void
  /** Where to start (Back from a detail returns to the same spot). */
  initialScrollTop: number
  saveScrollTop(top: number): void
  /** Changes when the filters do: the list then starts again from the top. */
  resetKey: string
}

/**
 * Only the rows in view (plus a few) exist in the DOM, so 10,000 items scroll like 20.
 * The grid is rows of N cards, N from the container width.
 */
export function VirtualItems({
  items,
  layout,
  onOpen,
  initialScrollTop,
  saveScrollTop,
  resetKey
}: VirtualItemsProps): React.JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null)
  const width = useElementWidth(scrollRef)
  const geometry = gridGeometry(width)
  const grid = layout === 'grid'
  const columns = grid ? geometry.columns : 1
  const rowHeight = grid ? geometry.rowHeight : LIST_ROW_HEIGHT
  const rowCount = Math.ceil(items.length / columns)

  // No React Compiler in this build; the virtualiser re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: grid ? 2 : 8,
    initialOffset: initialScrollTop,
    paddingStart: grid ? GRID_GAP : LIST_HEADER_HEIGHT,
    paddingEnd: GRID_PADDING
  })

  // Row height follows the width: drop the cached sizes when it changes.
  useLayoutEffect(() => {
    virtualizer.measure()
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
    if (scrollRef.current) scrollRef.current.scrollTop = 0
    lastTop.current = 0
  }, [resetKey])

  // Back from an item (Escape) lands on that item's card, not on the page's body.
  useEffect(() => {
    const { returnFocusTo, focusReturned } = useNav.getState()
    if (returnFocusTo === null) return
    focusReturned()
    const pos = items.findIndex((i) => i.id === returnFocusTo)
    if (pos < 0) return
    const focus = (): boolean => {
      const el = scrollRef.current?.querySelector<HTMLElement>(`[data-pos="${pos}"]`)
      el?.focus({ preventScroll: true })
      return Boolean(el)
    }
    virtualizer.scrollToIndex(Math.floor(pos / columns), { align: 'auto' })
    if (!focus()) requestAnimationFrame(() => requestAnimationFrame(focus))
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
      End: items.length - 1 - current
    }
    const delta = step[event.key]
    if (delta === undefined || delta === 0) return
    event.preventDefault()
    const next = Math.min(items.length - 1, Math.max(0, current + delta))
    const focus = (): boolean => {
      const el = scrollRef.current?.querySelector<HTMLElement>(`[data-pos="${next}"]`)
      el?.focus()
      return Boolean(el)
    }
    virtualizer.scrollToIndex(Math.floor(next / columns), { align: 'auto' })
    if (!focus()) requestAnimationFrame(() => requestAnimationFrame(focus))
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
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {!grid && <ListHeader />}
        {virtualizer.getVirtualItems().map((row) => {
          const start = row.index * columns
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
              {items
                .slice(start, start + columns)
                .map((item, i) =>
                  grid ? (
                    <ItemCard
                      key={item.id}
                      item={item}
                      pos={start + i}
                      total={items.length}
                      onOpen={onOpen}
                    />
                  ) : (
                    <ItemRow
                      key={item.id}
                      item={item}
                      pos={start + i}
                      total={items.length}
                      onOpen={onOpen}
                    />
                  )
                )}
            </div>
          )
        })}
      </div>
    </div>
  )
}
