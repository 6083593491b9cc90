import { useLayoutEffect, useRef, useState } from 'react'
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
  const image = useRef<HTMLImageElement>(null)
  // One element for the tile's pictures: a search that puts another item in a card changes
  // its address, where a new <img> each time was 10-20 elements made and dropped a key.
  // Until the new picture is loaded the element is hidden, so the last item's picture never
  // shows beside the new name; one already in memory is complete at once and not hidden.
  useLayoutEffect(() => {
    const el = image.current
    if (!el) return
    if (el.complete) delete el.dataset.loading
    else el.dataset.loading = ''
  }, [src, showImage])
  return (
    <div className={className ? `${styles.thumb} ${className}` : styles.thumb}>
      {showImage ? (
        <img
          ref={image}
          src={getBridge().mediaUrl(src)}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          draggable={false}
          onLoad={(e) => delete e.currentTarget.dataset.loading}
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
