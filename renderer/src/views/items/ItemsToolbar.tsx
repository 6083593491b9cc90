import { useEffect, useRef } from 'react'
import { LayoutGrid, List } from 'lucide-react'
import type { ItemKind } from '../../../../shared/model'
import { useItems, type Layout } from '../../stores/items'
import type { ItemFilters, ItemSort, KindFilter } from '../../../../shared/item-query'
import { ariaShortcut, shortcutLabel, usePlatform } from '../../frame/platform'
import { formatCount } from '../../lib/format'
import { SearchField } from '../../ui/SearchField'
import { KindIcon } from './KindBadge'
import styles from './ItemsToolbar.module.css'

const SORTS: Array<[ItemSort, string]> = [
  ['newest', 'Newest first'],
  ['name', 'Name A–Z'],
  ['price-asc', 'Price: low to high'],
  ['price-desc', 'Price: high to low']
]
const KINDS: Array<[KindFilter, string]> = [
  ['all', 'All'],
  ['image', 'Image'],
  ['video', 'Video'],
  ['audio', 'Audio']
]

interface ItemsToolbarProps {
  /** All but the query, which this toolbar reads itself: a keystroke re-renders it alone. */
  filters: Omit<ItemFilters, 'query'>
  categories: readonly string[]
  layout: Layout
  shown: number
  total: number
  onFilters(patch: Partial<ItemFilters>): void
  onLayout(layout: Layout): void
}

export function ItemsToolbar({
  filters,
  categories,
  layout,
  shown,
  total,
  onFilters,
  onLayout
}: ItemsToolbarProps): React.JSX.Element {
  const searchRef = useRef<HTMLInputElement>(null)
  const mac = usePlatform((s) => s.mac)
  const query = useItems((s) => s.query)

  // Ctrl/Cmd+F jumps to the search box, as in any desktop list.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent): void => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f') {
        e.preventDefault()
        searchRef.current?.focus()
        searchRef.current?.select()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  // A category that vanished after a refresh would otherwise filter everything out.
  const categoryOptions =
    filters.category && !categories.includes(filters.category)
      ? [...categories, filters.category]
      : categories

  return (
    <div
      className={styles.toolbar}
      role="toolbar"
      aria-label="Filter items"
      aria-orientation="horizontal"
    >
      <SearchField
        className={styles.search}
        inputRef={searchRef}
        label="Search items"
        placeholder="Search items"
        clearLabel="Clear"
        shortcut={{ label: shortcutLabel('F', mac), aria: ariaShortcut('F', mac) }}
        value={query}
        onChange={(query) => onFilters({ query })}
      />

      <label className={styles.field}>
        <span className="visually-hidden">Category</span>
        <select
          value={filters.category}
          onChange={(e) => onFilters({ category: e.target.value })}
          aria-label="Category"
        >
          <option value="">All categories</option>
          {categoryOptions.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>

      {/* The selects first, then kind, count and layout: at 760 px the toolbar wraps
          into two rows (search, category, sort / kind, count, layout). */}
      <label className={styles.field}>
        <span className="visually-hidden">Sort</span>
        <select
          value={filters.sort}
          onChange={(e) => onFilters({ sort: e.target.value as ItemSort })}
          aria-label="Sort"
        >
          {SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>

      <div className={styles.segmented} role="group" aria-label="Kind">
        {KINDS.map(([kind, label]) => (
          <button
            key={kind}
            type="button"
            aria-pressed={filters.kind === kind}
            className={styles.segment}
            onClick={() => onFilters({ kind })}
          >
            {kind !== 'all' && <KindIcon kind={kind as ItemKind} />}
            {label}
          </button>
        ))}
      </div>

      <div className={styles.end}>
        <span className={styles.count} aria-live="polite">
          {shown === total
            ? `${formatCount(total)} ${total === 1 ? 'item' : 'items'}`
            : `${formatCount(shown)} of ${formatCount(total)}`}
        </span>

        <div className={styles.segmented} role="group" aria-label="Layout">
          <button
            type="button"
            className={styles.segment}
            aria-pressed={layout === 'grid'}
            onClick={() => onLayout('grid')}
            title="Grid"
          >
            <LayoutGrid size={16} aria-hidden />
            <span className="visually-hidden">Grid</span>
          </button>
          <button
            type="button"
            className={styles.segment}
            aria-pressed={layout === 'list'}
            onClick={() => onLayout('list')}
            title="List"
          >
            <List size={16} aria-hidden />
            <span className="visually-hidden">List</span>
          </button>
        </div>
      </div>
    </div>
  )
}
