import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { ArrowLeft } from 'lucide-react'
import type { Item, ItemOption } from '../../../../shared/model'
import { useItems } from '../../stores/items'
import { useNav } from '../../stores/nav'
import { Button } from '../../ui/Button'
import { Chip } from '../../ui/Chip'
import { SafeHtml } from '../../ui/SafeHtml'
import { Skeleton } from '../../ui/Skeleton'
import { ErrorState } from '../../ui/States'
import { ViewHeader } from '../../ui/ViewHeader'
import { stateOfFailure } from '../../../../shared/connection-status'
import { ItemFacts } from './ItemFacts'
import { ItemMedia } from './ItemMedia'
import styles from './ItemDetail.module.css'

function DetailSkeleton(): React.JSX.Element {
  return (
    <div className={styles.layout} role="status" aria-label="Loading item" aria-busy="true">
      <Skeleton className={styles.mediaSkeleton} height="auto" radius="var(--radius-card)" />
      <div className={styles.facts}>
        <Skeleton width={64} height={22} />
        <Skeleton width="80%" height={28} />
        <Skeleton width="50%" height={16} />
        <Skeleton width="60%" height={40} />
        <Skeleton width="70%" height={16} />
      </div>
    </div>
  )
}

/**
 * Unnamed options come as "Name: value, value" strings (the spec's shape): each becomes its
 * own term instead of one "Options" line that runs every name and value together.
 */
function optionRows(options: readonly ItemOption[]): Array<{ term: string; detail: string }> {
  return options.flatMap((o) => {
    if (o.name !== null) return [{ term: o.name, detail: o.values.join(', ') }]
    return o.values.map((v) => {
      const m = /^([^:]{1,40}):\s*(.*)$/.exec(v)
      return m ? { term: m[1]!.trim(), detail: m[2]!.trim() } : { term: 'Options', detail: v }
    })
  })
}

function ItemBody({ item }: { item: Item }): React.JSX.Element {
  return (
    <>
      <div className={styles.layout}>
        <div className={styles.media}>
          <ItemMedia key={item.id} item={item} />
        </div>
        <ItemFacts item={item} />
      </div>
      {item.tags.length > 0 && (
        <section className={styles.section} aria-labelledby="item-tags">
          <h3 id="item-tags" className={styles.sectionTitle}>
            Tags
          </h3>
          <ul className={styles.chips}>
            {item.tags.map((t) => (
              <li key={t}>
                <Chip>{t}</Chip>
              </li>
            ))}
          </ul>
        </section>
      )}
      {item.options.length > 0 && (
        <section className={styles.section} aria-labelledby="item-options">
          <h3 id="item-options" className={styles.sectionTitle}>
            Options
          </h3>
          <dl className={styles.options}>
            {optionRows(item.options).map((o, i) => (
              <div key={`${o.term}-${i}`}>
                <dt>{o.term}</dt>
                <dd>{o.detail || '—'}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <section className={styles.section} aria-labelledby="item-description">
        <h3 id="item-description" className={styles.sectionTitle}>
          Description
        </h3>
        {item.description.trim() ? (
          <SafeHtml html={item.description} label="Item description" />
        ) : (
          <p className={styles.muted}>The seller wrote no description.</p>
        )}
      </section>
    </>
  )
}

export function ItemDetailView({ id }: { id: number }): React.JSX.Element {
  const detail = useItems(useShallow((s) => (s.detail?.id === id ? s.detail : null)))
  const back = useNav((n) => n.back)
  const { loadDetail, refreshDetail } = useItems.getState()

  useEffect(() => {
    void useItems.getState().loadDetail(id)
  }, [id])

  const item = detail?.item ?? null
  // The list's row names the item while the full record is read.
  const name = item?.name ?? detail?.preview?.name ?? null
  let body: React.ReactNode
  if (item) {
    body = <ItemBody item={item} />
  } else if (detail?.status === 'error' && detail.error) {
    body = (
      <ErrorState
        error={detail.error}
        onRetry={() => void loadDetail(id)}
        actions={
          <Button icon={<ArrowLeft size={16} aria-hidden />} onClick={back}>
            Back to items
          </Button>
        }
      />
    )
  } else {
    body = <DetailSkeleton />
  }

  return (
    <section className={styles.view} aria-label={name ?? 'Item'}>
      <ViewHeader
        title={name ?? `Item ${id}`}
        freshness={detail?.freshness ?? null}
        busy={Boolean(detail?.refreshing)}
        onRefresh={item ? () => void refreshDetail() : undefined}
        onBack={back}
      />
      {/* The connection's own failures are said once, under the header, as on every view. */}
      {item && detail?.error && stateOfFailure(detail.error.kind) === null && (
        <p className={styles.notice} role="status">
          Couldn’t refresh this item: {detail.error.message} Showing what was loaded before.
        </p>
      )}
      <div className={styles.body}>{body}</div>
    </section>
  )
}
