import { useState } from 'react'
import type { ItemKind } from '../../../../shared/model'
import { getBridge } from '../../bridge'
import { KindIcon } from './KindBadge'
import styles from './ItemThumb.module.css'

interface ItemThumbProps {
  /** Remote URL from the model; routed through main's media route here. */
  src: string | null
  kind: ItemKind
  className?: string
  /** Decorative by default: the item's name is always printed beside it. */
  alt?: string
  eager?: boolean
}

/**
 * A 16:10 box that reserves its space before the image arrives (no layout jump) and
 * shows the kind's icon when there is no image or it fails to load.
 */
export function ItemThumb({
  src,
  kind,
  className,
  alt = '',
  eager = false
}: ItemThumbProps): React.JSX.Element {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const showImage = src !== null && failedSrc !== src
  return (
    <div className={className ? `${styles.thumb} ${className}` : styles.thumb}>
      {showImage ? (
        <img
          // A new element for a new address: a card reused for another item (a search
          // typed) never shows the last item's picture while the new one loads.
          key={src}
          src={getBridge().mediaUrl(src)}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          draggable={false}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <span className={styles.placeholder} data-testid="thumb-placeholder">
          <KindIcon kind={kind} size={28} />
        </span>
      )}
    </div>
  )
}
