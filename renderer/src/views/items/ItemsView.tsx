import { useCallback, useEffect, useRef, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { PackageOpen, Plus, RefreshCw, SearchX, X } from 'lucide-react'
import { stateOfFailure } from '../../../../shared/connection-status'
import { useItems } from '../../stores/items'
import { listTotal, rowCount } from '../../stores/items-list'
import { useNav } from '../../stores/nav'
import { Button } from '../../ui/Button'
import { EmptyState, ErrorState } from '../../ui/States'
import { RefreshProgressBar } from '../../ui/RefreshProgress'
import { ViewHeader } from '../../ui/ViewHeader'
import { ItemsNotices } from './ItemsNotices'
import { ItemsSkeleton } from './ItemsSkeleton'
import { ItemsToolbar } from './ItemsToolbar'
import { OpenById } from './OpenById'
import { VirtualItems } from './VirtualItems'
import styles from './ItemsView.module.css'

const EMPTY_WORDING =
  'The marketplace lists no items for this account. A real install lists nothing when a shop has one item or none: add an item by its id.'
// A list that failed is not an empty shop: say what can still fill this view.
const FAULT_EMPTY_WORDING =
  'No items to show yet: the list could not be read. Add an item by its id, or check a purchase code and its item appears here.'

export function ItemsView(): React.JSX.Element {
  const s = useItems(
    useShallow((st) => ({
      list: st.list,
      freshness: st.freshness,
      status: st.status,
      error: st.error,
      refreshing: st.refreshing,
      refreshError: st.refreshError,
      layout: st.layout,
      // Not the query: a keystroke re-renders the search box alone (ItemsToolbar, NoMatches
      // read it), and this view when the answer arrives.
      category: st.category,
      kind: st.kind,
      sort: st.sort
    }))
  )
  const { load, refresh, setFilters, setLayout, setScrollTop, addById, ensureRows } =
    useItems.getState()
  const openItem = useNav((n) => n.openItem)
  const [adding, setAdding] = useState(false)
  const addToggle = useRef<HTMLButtonElement>(null)
  const closeAdding = (): void => {
    setAdding(false)
    addToggle.current?.focus()
  }

  useEffect(() => {
    const items = useItems.getState()
    if (items.status === 'idle') void items.load()
    else void items.syncKnownIds()
  }, [])

  const saveScroll = useCallback((top: number) => setScrollTop(top), [setScrollTop])
  const onRange = useCallback(
    (start: number, end: number) => void ensureRows(start, end),
    [ensureRows]
  )

  const list = s.list
  const total = list ? listTotal(list) : 0
  const shown = list ? rowCount(list) : 0
  const clearFilters = (): void => setFilters({ query: '', category: '', kind: 'all' })

  let body: React.ReactNode
  if (s.status === 'error' && s.error?.kind === 'aborted' && !list) {
    // The seller cancelled the first sync: nothing is wrong, and nothing is saved yet.
    body = (
      <EmptyState
        icon={<PackageOpen size={28} />}
        title="Sync cancelled: no copy of your items is saved yet."
        action={
          <Button
            variant="primary"
            icon={<RefreshCw size={16} aria-hidden />}
            onClick={() => void load()}
          >
            Sync now
          </Button>
        }
      />
    )
  } else if (s.status === 'error' && s.error && !list && stateOfFailure(s.error.kind) !== null) {
    // The notice under the header names the reason and the step.
    body = (
      <EmptyState title="No saved copy of your items yet: they show once the marketplace answers." />
    )
  } else if (s.status === 'error' && s.error && !list) {
    body = <ErrorState error={s.error} onRetry={() => void load()} />
  } else if (!list) {
    body = <ItemsSkeleton layout={s.layout} />
  } else if (total === 0) {
    body = (
      <EmptyState
        icon={<PackageOpen size={28} />}
        title={list.listProblem === 'server-data-fault' ? FAULT_EMPTY_WORDING : EMPTY_WORDING}
        action={<OpenById onAdd={addById} onOpen={openItem} />}
      />
    )
  } else if (shown === 0) {
    body = <NoMatches filtered={s.category !== '' || s.kind !== 'all'} onClear={clearFilters} />
  } else {
    body = (
      <VirtualItems
        list={list}
        layout={s.layout}
        onRange={onRange}
        onOpen={openItem}
        initialScrollTop={useItems.getState().scrollTop}
        saveScrollTop={saveScroll}
        resetKey={`${list.filters}\n${s.layout}`}
      />
    )
  }

  return (
    <section className={styles.view} aria-labelledby="items-title">
      <ViewHeader
        title={<span id="items-title">Items</span>}
        freshness={s.freshness}
        busy={s.refreshing || (s.status === 'loading' && !list)}
        onRefresh={() => void refresh()}
        actions={
          total > 0 && (
            <Button
              ref={addToggle}
              size="sm"
              icon={<Plus size={14} aria-hidden />}
              aria-expanded={adding}
              aria-controls="items-add-by-id"
              onClick={() => setAdding((a) => !a)}
              title="Add an item the list does not show, by its id"
            >
              Add by id
            </Button>
          )
        }
      />
      <RefreshProgressBar />
      {total > 0 && (
        <ItemsToolbar
          filters={{ category: s.category, kind: s.kind, sort: s.sort }}
          categories={list?.categories ?? []}
          layout={s.layout}
          shown={shown}
          total={total}
          onFilters={setFilters}
          onLayout={setLayout}
        />
      )}
      {total > 0 && adding && (
        <div
          id="items-add-by-id"
          className={styles.addPanel}
          role="group"
          aria-label="Add by id"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return
            e.preventDefault()
            closeAdding()
          }}
        >
          <OpenById onAdd={addById} onOpen={openItem} autoFocus />
          <Button
            size="sm"
            variant="ghost"
            icon={<X size={14} aria-hidden />}
            onClick={closeAdding}
          >
            Close
          </Button>
        </div>
      )}
      {list && (
        <ItemsNotices
          list={list}
          freshness={s.freshness}
          refreshError={s.refreshError}
          onRetry={() => void refresh()}
          onAddById={() => setAdding(true)}
        />
      )}
      <div className={styles.body}>{body}</div>
    </section>
  )
}

function NoMatches({
  filtered,
  onClear
}: {
  filtered: boolean
  onClear(): void
}): React.JSX.Element {
  const query = useItems((st) => st.query)
  return (
    <EmptyState
      icon={<SearchX size={28} />}
      title={
        query
          ? `No items match “${query}”${filtered ? ' with these filters' : ''}.`
          : 'No items match these filters.'
      }
      action={<Button onClick={onClear}>{query ? 'Clear search' : 'Clear filters'}</Button>}
    />
  )
}
