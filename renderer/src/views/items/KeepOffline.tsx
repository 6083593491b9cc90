import { useState } from 'react'
import { CircleCheck, CloudDownload, RotateCw } from 'lucide-react'
import type { AppError } from '../../../../shared/errors'
import { getBridge } from '../../bridge'
import { formatBytes } from '../../lib/format'
import { Button } from '../../ui/Button'
import styles from './KeepOffline.module.css'

type State =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'kept'; bytes: number }
  | { kind: 'failed'; error: AppError }

/**
 * Video and audio stream while online and are not cached by themselves (they are large);
 * the seller asks for a copy of the ones they want to play offline.
 */
export function KeepOffline({
  url,
  what
}: {
  url: string
  what: 'video' | 'audio'
}): React.JSX.Element {
  const [state, setState] = useState<State>({ kind: 'idle' })
  const keep = async (): Promise<void> => {
    setState({ kind: 'saving' })
    const r = await getBridge().keepMediaOffline({ url })
    setState(r.ok ? { kind: 'kept', bytes: r.data.bytes } : { kind: 'failed', error: r.error })
  }

  if (state.kind === 'kept') {
    return (
      <p className={styles.row} role="status" data-state="kept">
        <CircleCheck size={16} aria-hidden className={styles.ok} />
        Kept offline · {formatBytes(state.bytes)}. This {what} now plays without a connection.
      </p>
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
            : `Streams while online. Keep a copy to play it offline.`}
        </span>
      )}
    </div>
  )
}
