import { memo } from 'react'
import { formatDate, formatMoney } from '../../lib/format'
import { PriceNote, categoryLine, type ItemTileProps } from './ItemCard'
import { ItemThumb } from './ItemThumb'
import { KindBadge } from './KindBadge'
import styles from './ItemRow.module.css'

const LIST_COLUMNS = ['Item', 'Kind', 'Version', 'Published', 'Regular', 'Extended'] as const

/** List mode: one dense row per item, columns aligned with the header above the list. */
export const ItemRow = memo(function ItemRow({
  item,
  pos,
  total,
  onOpen
}: ItemTileProps): React.JSX.Element {
  const nameId = `item-row-name-${pos}`
  const pricesId = `item-prices-${pos}`
  return (
    <div role="listitem" aria-setsize={total} aria-posinset={pos + 1} className={styles.cell}>
      <button
        type="button"
        className={styles.row}
        data-pos={pos}
        aria-describedby={pricesId}
        onClick={() => onOpen(item.id)}
      >
        <ItemThumb
          src={item.media.thumbnail ?? item.media.preview_image}
          kind={item.kind}
          className={styles.thumb}
          waitsForTyping
        />
        <span className={styles.main}>
          <span id={nameId} className={styles.name} title={item.name}>
            {item.name}
          </span>
          <span className={styles.category}>{categoryLine(item)}</span>
        </span>
        <span className={styles.kind}>
          <KindBadge kind={item.kind} />
        </span>
        <span className={styles.version}>{item.version ? `v${item.version}` : '—'}</span>
        <span className={styles.date}>{formatDate(item.published_at)}</span>
        <span className={styles.money}>{formatMoney(item.price.regular, item.currency)}</span>
        <span className={`${styles.money} ${styles.muted}`}>
          {formatMoney(item.price.extended, item.currency)}
        </span>
        <PriceNote id={pricesId} item={item} />
      </button>
    </div>
  )
})

export function ListHeader(): React.JSX.Element {
  return (
    <div className={styles.header} aria-hidden>
      <span className={styles.thumbHead} />
      {LIST_COLUMNS.map((c) => (
        <span
          key={c}
          className={c === 'Regular' || c === 'Extended' ? styles.moneyHead : styles[`head${c}`]}
        >
          {c}
        </span>
      ))}
    </div>
  )
}
