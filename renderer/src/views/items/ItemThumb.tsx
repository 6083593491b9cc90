import { useLayoutEffect, useRef, useState } from 'react'
import type { ItemKind } from '../../../../shared/model'
import { getBridge } from '../../bridge'
import { useTyping } from '../../stores/typing'
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
  /**
   * A search's tile: while the seller types, a picture not shown before waits (its box
   * empty) until the search settles. Each one fetched and decoded under the keys took the
   * machine from them, for matches the next key replaces (docs/performance.md).
   */
  waitsForTyping?: boolean
}

// Addresses this page has shown: in the browser's memory, so they cost a key nothing.
const shownBefore = new Set<string>()
const SHOWN_KEPT = 2_000

function remember(src: string): void {
  shownBefore.delete(src)
  shownBefore.add(src)
  if (shownBefore.size > SHOWN_KEPT) shownBefore.delete(shownBefore.values().next().value!)
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
  eager = false,
  waitsForTyping = false
}: ItemThumbProps): React.JSX.Element {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const typing = useTyping((s) => s.typing)
  const showImage = src !== null && failedSrc !== src
  // The address the element loads: none while this picture waits for the typing to settle.
  const address = showImage && !(waitsForTyping && typing && !shownBefore.has(src)) ? src : null
  const image = useRef<HTMLImageElement>(null)
  // One element for the tile's pictures: a search that puts another item in a card changes
  // its address, where a new <img> each time was 10-20 elements made and dropped a key.
  // Until the new picture is loaded the element is hidden, so the last item's picture never
  // shows beside the new name; one already in memory is complete at once and not hidden.
  useLayoutEffect(() => {
    const el = image.current
    if (!el) return
    // Without an address an element counts as complete: it still has nothing to show.
    if (address !== null && el.complete) delete el.dataset.loading
    else el.dataset.loading = ''
  }, [address, showImage])
  return (
    <div className={className ? `${styles.thumb} ${className}` : styles.thumb}>
      {showImage ? (
        <img
          ref={image}
          src={address === null ? undefined : getBridge().mediaUrl(address)}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          draggable={false}
          // Only the address asked now counts: a picture asked before may still answer.
          onLoad={(e) => {
            if (address === null) return
            remember(address)
            delete e.currentTarget.dataset.loading
          }}
          onError={() => {
            if (address !== null) setFailedSrc(address)
          }}
        />
      ) : (
        <span className={styles.placeholder} data-testid="thumb-placeholder">
          <KindIcon kind={kind} size={28} />
        </span>
      )}
    </div>
  )
}
