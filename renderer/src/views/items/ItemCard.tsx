import { memo } from 'react'
import type { ItemSummary } from '../../../../shared/item-query'
import { formatDate, formatMoney } from '../../lib/format'
import { ItemThumb } from './ItemThumb'
import { KindBadge } from './KindBadge'
import styles from './ItemCard.module.css'

export interface ItemTileProps {
  item: ItemSummary
  /** Position in the filtered list, for keyboard navigation and aria-posinset. */
  pos: number
  total: number
  onOpen(id: number): void
}

export function categoryLine(item: Pick<ItemSummary, 'category' | 'sub_category'>): string {
  return item.sub_category ? `${item.category} › ${item.sub_category}` : item.category
}

function PriceLine({ item }: { item: ItemSummary }): React.JSX.Element {
  return (
    <span className={styles.price}>
      <span title="Regular licence">{formatMoney(item.price.regular, item.currency)}</span>
      <span className={styles.priceSep} aria-hidden>
        /
      </span>
      <span className={styles.extended} title="Extended licence">
        {formatMoney(item.price.extended, item.currency)}
      </span>
    </span>
  )
}

/**
 * Which price is which, for a screen reader: a tile's name is its visible text (WCAG
 * 2.5.3), so this rides along as its description instead of hidden words inside it.
 */
export function PriceNote({ id, item }: { id: string; item: ItemSummary }): React.JSX.Element {
  return (
    <span id={id} hidden>
      Regular licence {formatMoney(item.price.regular, item.currency)}, extended licence{' '}
      {formatMoney(item.price.extended, item.currency)}
    </span>
  )
}

/**
 * Grid tile: 16:10 thumbnail, kind, two-line name, category, prices, version, date.
 * Memoised: a keystroke re-renders the grid before its new rows arrive, and cards whose
 * row, place and count are unchanged need not run again.
 */
export const ItemCard = memo(function ItemCard({
  item,
  pos,
  total,
  onOpen
}: ItemTileProps): React.JSX.Element {
  // Ids by place, like the tiles: a keystroke that puts another item here changes no id.
  const nameId = `item-card-name-${pos}`
  const pricesId = `item-prices-${pos}`
  return (
    <div role="listitem" aria-setsize={total} aria-posinset={pos + 1} className={styles.cell}>
      <button
        type="button"
        className={styles.card}
        data-pos={pos}
        aria-describedby={pricesId}
        onClick={() => onOpen(item.id)}
      >
        {/* The name comes first in the text (and so in the accessible name); the
            thumbnail is drawn above it. */}
        <span className={styles.info}>
          <span id={nameId} className={styles.name} title={item.name}>
            {item.name}
          </span>
          <span className={styles.category} title={categoryLine(item)}>
            {categoryLine(item)}
          </span>
          <span className={styles.footer}>
            <PriceLine item={item} />
            {item.version && <span className={styles.version}>v{item.version}</span>}
          </span>
          <span className={styles.date}>
            {item.published_at ? `Published ${formatDate(item.published_at)}` : 'Not dated'}
          </span>
        </span>
        <span className={styles.media}>
          <ItemThumb
            src={item.media.thumbnail ?? item.media.preview_image}
            kind={item.kind}
            waitsForTyping
          />
          <KindBadge kind={item.kind} className={styles.badge} />
        </span>
        <PriceNote id={pricesId} item={item} />
      </button>
    </div>
  )
})
