import { useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { getBridge } from '../../bridge'
import styles from './MediaViewer.module.css'

interface MediaViewerProps {
  images: readonly string[]
  index: number
  title: string
  onIndex(index: number): void
  onClose(): void
}

/**
 * Full-size image viewer: a modal dialog over the whole window. Focus stays inside while
 * it is open and returns to whatever opened it; arrows step, Escape closes.
 */
export function MediaViewer({
  images,
  index,
  title,
  onIndex,
  onClose
}: MediaViewerProps): React.JSX.Element {
  const dialogRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const count = images.length
  const step = (delta: number): void => onIndex((index + delta + count) % count)

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    closeRef.current?.focus()
    return () => opener?.focus()
  }, [])

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') {
        // Handled here: the detail view behind must not also go Back.
        e.preventDefault()
        e.stopPropagation()
        onClose()
      } else if (e.key === 'ArrowRight' && count > 1) {
        e.preventDefault()
        onIndex((index + 1) % count)
      } else if (e.key === 'ArrowLeft' && count > 1) {
        e.preventDefault()
        onIndex((index - 1 + count) % count)
      } else if (e.key === 'Tab') {
        const focusables =
          dialogRef.current?.querySelectorAll<HTMLElement>('button:not([disabled])')
        if (!focusables || focusables.length === 0) return
        const first = focusables[0]!
        const last = focusables[focusables.length - 1]!
        const inside = dialogRef.current?.contains(document.activeElement)
        if (e.shiftKey && (document.activeElement === first || !inside)) {
          e.preventDefault()
          last.focus()
        } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
          e.preventDefault()
          first.focus()
        }
      }
    }
    // Capture: runs before the app's own Escape-goes-Back listener.
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [count, index, onClose, onIndex])

  const src = images[index]
  return createPortal(
    // The overlay is dark in both themes, so the viewer always uses the dark tokens.
    <div
      className={styles.backdrop}
      data-theme="dark"
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-label={`${title}: image ${index + 1} of ${count}`}
      >
        <div className={styles.bar}>
          <span className={styles.counter} aria-live="polite">
            {index + 1} / {count}
          </span>
          <button
            ref={closeRef}
            type="button"
            className={styles.iconButton}
            onClick={onClose}
            aria-label="Close viewer"
            title="Close (Esc)"
          >
            <X size={20} aria-hidden />
          </button>
        </div>
        <div className={styles.stage} onClick={(e) => e.target === e.currentTarget && onClose()}>
          {src && (
            <img
              key={src}
              src={getBridge().mediaUrl(src)}
              alt={`${title}, image ${index + 1} of ${count}`}
              className={styles.image}
            />
          )}
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              className={`${styles.iconButton} ${styles.prev}`}
              onClick={() => step(-1)}
              aria-label="Previous image"
              title="Previous (←)"
            >
              <ChevronLeft size={28} aria-hidden />
            </button>
            <button
              type="button"
              className={`${styles.iconButton} ${styles.next}`}
              onClick={() => step(1)}
              aria-label="Next image"
              title="Next (→)"
            >
              <ChevronRight size={28} aria-hidden />
            </button>
          </>
        )}
      </div>
    </div>,
    document.body
  )
}
