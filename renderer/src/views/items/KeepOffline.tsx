import { useEffect, useState } from 'react'
import { CircleCheck, CloudDownload, RotateCw, Trash2 } from 'lucide-react'
import type { AppError } from '../../../../shared/errors'
import { getBridge } from '../../bridge'
import { useConnectionStatus } from '../../stores/connection-status'
import { formatBytes } from '../../lib/format'
import { Button } from '../../ui/Button'
import styles from './KeepOffline.module.css'

type State =
  | { kind: 'checking' }
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'kept'; bytes: number; releaseError?: AppError }
  | { kind: 'releasing'; bytes: number }
  | { kind: 'failed'; error: AppError }

/**
 * Video and audio stream while online and are not cached by themselves (they are large);
 * the seller asks for a copy of the ones they want to play offline, and may remove it.
 */
export function KeepOffline({
  url,
  what,
  playerSaidWhy = false
}: {
  url: string
  what: 'video' | 'audio'
  /** The player already says it can't play offline for want of a copy: not said twice. */
  playerSaidWhy?: boolean
}): React.JSX.Element | null {
  // Held with the address it belongs to: another item's video starts from 'checking' again.
  const [entry, setEntry] = useState<{ url: string; state: State }>({
    url,
    state: { kind: 'checking' }
  })
  const state: State = entry.url === url ? entry.state : { kind: 'checking' }
  const offline = useConnectionStatus((s) => s.status.state === 'offline')
  const setState = (next: State): void => setEntry({ url, state: next })

  // A copy kept in an earlier visit (or session) must say so from the start.
  useEffect(() => {
    let live = true
    void getBridge()
      .getMediaOffline({ url })
      .then((r) => {
        if (!live) return
        // Not knowing is not an error worth showing: the seller can still keep a copy.
        setEntry({
          url,
          state: r.ok && r.data.kept ? { kind: 'kept', bytes: r.data.bytes ?? 0 } : { kind: 'idle' }
        })
      })
    return () => {
      live = false
    }
  }, [url])

  const keep = async (): Promise<void> => {
    setState({ kind: 'saving' })
    const r = await getBridge().keepMediaOffline({ url })
    setState(r.ok ? { kind: 'kept', bytes: r.data.bytes } : { kind: 'failed', error: r.error })
  }

  const release = async (bytes: number): Promise<void> => {
    setState({ kind: 'releasing', bytes })
    const r = await getBridge().releaseMediaOffline({ url })
    setState(r.ok ? { kind: 'idle' } : { kind: 'kept', bytes, releaseError: r.error })
  }

  if (offline && (state.kind === 'idle' || state.kind === 'failed')) {
    // A copy can only be fetched from the marketplace: not offered while it cannot be reached.
    if (playerSaidWhy) return null
    return (
      <div className={styles.row} data-state="offline">
        <span className={styles.hint}>
          Not kept offline: a copy can be kept once the marketplace answers again.
        </span>
      </div>
    )
  }
  if (state.kind === 'kept' || state.kind === 'releasing') {
    const releaseError = state.kind === 'kept' ? state.releaseError : undefined
    return (
      <div className={styles.row} data-state={state.kind}>
        <p className={styles.status} role="status">
          <CircleCheck size={16} aria-hidden className={styles.ok} />
          Kept offline · {formatBytes(state.bytes)}. This {what} now plays without a connection.
        </p>
        <Button
          size="sm"
          icon={<Trash2 size={14} aria-hidden />}
          busy={state.kind === 'releasing'}
          onClick={() => void release(state.bytes)}
        >
          Remove offline copy
        </Button>
        {releaseError && (
          <span className={styles.failed} role="alert">
            Could not remove the offline copy: {releaseError.message}
          </span>
        )}
      </div>
    )
  }
  return (
    <div className={styles.row} data-state={state.kind}>
      <Button
        size="sm"
        icon={
          state.kind === 'failed' ? (
            <RotateCw size={14} aria-hidden />
          ) : (
            <CloudDownload size={14} aria-hidden />
          )
        }
        busy={state.kind === 'saving'}
        disabled={state.kind === 'checking'}
        onClick={() => void keep()}
      >
        {state.kind === 'failed' ? 'Try again' : 'Keep offline'}
      </Button>
      {state.kind === 'failed' ? (
        <span className={styles.failed} role="alert">
          Could not keep the {what} offline: {state.error.message}
        </span>
      ) : (
        <span className={styles.hint}>
          {state.kind === 'saving'
            ? `Downloading the ${what}…`
            : state.kind === 'checking'
              ? 'Looking for an offline copy…'
              : `Streams while online. Keep a copy to play it offline.`}
        </span>
      )}
    </div>
  )
}
