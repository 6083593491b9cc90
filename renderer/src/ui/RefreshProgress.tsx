import { useEffect, useRef } from 'react'
import { X } from 'lucide-react'
import type { RefreshPhase, RefreshProgress } from '../../../shared/ipc/contract'
import { formatBytes, formatBytesOf, formatCount } from '../lib/format'
import { useRefreshProgress } from '../stores/refresh-progress'
import { Button } from './Button'
import styles from './RefreshProgress.module.css'

/** The stage in a word or two: what a screen reader is told, once per stage. */
const STAGE: Record<RefreshPhase, string> = {
  waiting: 'Syncing',
  downloading: 'Syncing',
  reading: 'Reading the list',
  indexing: 'Indexing',
  saving: 'Saving the list'
}

const items = (n: number): string => `${formatCount(n)} ${n === 1 ? 'item' : 'items'}`

/** "Syncing · 4.2 of 15.1 MB", "Indexing · 6,000 of 10,000 items", "Saving the list…". */
export function progressWords(p: RefreshProgress): string {
  switch (p.phase) {
    case 'waiting':
      return 'Syncing · waiting for the marketplace'
    case 'downloading':
      return p.total !== null && p.total >= p.done
        ? `Syncing · ${formatBytesOf(p.done, p.total)}`
        : `Syncing · ${formatBytes(p.done)} received`
    case 'reading':
      return p.total !== null
        ? `Reading · ${formatCount(p.done)} of ${items(p.total)}`
        : 'Reading the list…'
    case 'indexing':
      return p.total !== null
        ? `Indexing · ${formatCount(p.done)} of ${items(p.total)}`
        : 'Indexing…'
    case 'saving':
      return 'Saving the list…'
  }
}

/** Where focus goes when the bar goes away with it inside: the view's Refresh, else something near. */
function focusNearby(from: HTMLElement | null): void {
  const place = from?.closest('section') ?? document.querySelector('main') ?? document.body
  for (const selector of [
    '[data-action="refresh"]:not(:disabled)',
    'button:not(:disabled), select:not(:disabled)',
    'h1'
  ]) {
    const target = place.querySelector<HTMLElement>(selector)
    if (target) return target.focus()
  }
}

/**
 * A catalogue refresh that has run over a second: how far it is, a bar, and Cancel. Shown
 * wherever the seller may wait on it (Items, Settings' cache); nothing while none runs.
 */
export function RefreshProgressBar({ compact = false }: { compact?: boolean }): React.JSX.Element {
  const progress = useRefreshProgress((s) => s.progress)
  const cancelling = useRefreshProgress((s) => s.cancelling)
  const cancel = useRefreshProgress((s) => s.cancel)
  const root = useRef<HTMLDivElement>(null)
  // Whether the seller's focus is on the bar (Cancel): kept across its removal, which
  // drops the focus without saying where to.
  const focusInside = useRef(false)
  const gone = progress === null

  // Gone with the focus inside (Cancel pressed, the refresh answered): it lands nearby,
  // once the view has re-enabled its Refresh.
  useEffect(() => {
    if (!gone || !focusInside.current) return
    focusInside.current = false
    const near = root.current
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === document.body || !document.activeElement) focusNearby(near)
    })
    return () => cancelAnimationFrame(frame)
  }, [gone])

  const shown = progress ?? null
  const words = shown ? (cancelling ? 'Cancelling the refresh…' : progressWords(shown)) : ''
  const determinate = shown !== null && shown.total !== null && shown.total > 0
  const canCancel = shown !== null && shown.cancellable && !cancelling

  return (
    <div
      ref={root}
      className={`${styles.bar} ${compact ? styles.compact : ''}`}
      hidden={!shown}
      role="group"
      aria-label="Catalogue refresh"
      data-testid="refresh-progress"
      data-phase={shown?.phase}
      onFocus={() => (focusInside.current = true)}
      onBlur={(e) => {
        if (e.relatedTarget && !root.current?.contains(e.relatedTarget)) focusInside.current = false
      }}
    >
      {/* Told once per stage, politely; the figures are read on demand, not every tick. */}
      <span className="visually-hidden" aria-live="polite">
        {shown ? (cancelling ? 'Cancelling the refresh' : STAGE[shown.phase]) : ''}
      </span>
      {shown && (
        <>
          <span className={styles.words}>{words}</span>
          <div
            className={styles.track}
            role="progressbar"
            aria-label="Refresh progress"
            aria-valuemin={0}
            {...(determinate
              ? {
                  'aria-valuemax': shown.total!,
                  'aria-valuenow': Math.min(shown.done, shown.total!)
                }
              : {})}
            aria-valuetext={words}
            data-indeterminate={!determinate || undefined}
          >
            <span
              className={styles.fill}
              style={
                determinate
                  ? { width: `${Math.min(100, (shown.done / shown.total!) * 100)}%` }
                  : undefined
              }
            />
          </div>
          <Button
            size="sm"
            variant="ghost"
            icon={<X size={14} aria-hidden />}
            // Not `disabled`: a disabled button drops the focus the seller put on it.
            aria-disabled={!canCancel || undefined}
            onClick={() => void (canCancel && cancel())}
            title={
              shown.cancellable
                ? 'Stop this refresh and keep the saved list'
                : 'The new list is being saved: it can no longer be cancelled'
            }
          >
            Cancel
          </Button>
        </>
      )}
    </div>
  )
}
