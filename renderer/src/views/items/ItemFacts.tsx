import { Copy, ExternalLink } from 'lucide-react'
import type { Item } from '../../../../shared/model'
import { openExternal } from '../../lib/external'
import { formatDate, formatMoney } from '../../lib/format'
import { safeLinkTarget } from '../../lib/sanitize'
import { Button } from '../../ui/Button'
import { toast } from '../../ui/toast'
import { categoryLine } from './ItemCard'
import { KindBadge } from './KindBadge'
import styles from './ItemDetail.module.css'

async function copyItemId(id: number): Promise<void> {
  try {
    await navigator.clipboard.writeText(String(id))
    toast(`Copied item id ${id}`)
  } catch {
    toast('Couldn’t copy: the clipboard is not available.')
  }
}

function DemoLink({ url }: { url: string }): React.JSX.Element {
  const target = safeLinkTarget(url)
  if (!target) {
    return (
      <span className={styles.muted} title="Not an http(s) link, so it is not opened">
        Demo: <span className="mono">{url}</span>
      </span>
    )
  }
  return (
    <Button
      icon={<ExternalLink size={16} aria-hidden />}
      onClick={() => void openExternal(target)}
      title={target}
    >
      Live demo <span className={styles.host}>{new URL(target).host}</span>
    </Button>
  )
}

/** The facts panel beside the media: prices, kind, category, version, date, id, demo. */
export function ItemFacts({ item }: { item: Item }): React.JSX.Element {
  return (
    <div className={styles.facts}>
      <div className={styles.titleBlock}>
        <KindBadge kind={item.kind} />
        <h2 className={styles.name}>{item.name}</h2>
        <p className={styles.category}>{categoryLine(item)}</p>
      </div>
      <dl className={styles.prices}>
        <div>
          <dt>Regular licence</dt>
          <dd className={styles.price}>{formatMoney(item.price.regular, item.currency)}</dd>
        </div>
        <div>
          <dt>Extended licence</dt>
          <dd className={styles.price}>{formatMoney(item.price.extended, item.currency)}</dd>
        </div>
      </dl>
      <dl className={styles.meta}>
        <div>
          <dt>Version</dt>
          <dd className="mono">{item.version ?? '—'}</dd>
        </div>
        <div>
          <dt>Published</dt>
          <dd className="tabular">{formatDate(item.published_at)}</dd>
        </div>
        <div>
          <dt>Item id</dt>
          <dd className="mono">{item.id}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        {item.demo_link && <DemoLink url={item.demo_link} />}
        <Button icon={<Copy size={16} aria-hidden />} onClick={() => void copyItemId(item.id)}>
          Copy id
        </Button>
      </div>
    </div>
  )
}
