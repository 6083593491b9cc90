import { useEffect, useState } from 'react'
import { Timer } from 'lucide-react'
import styles from './Bulk.module.css'

/**
 * Seconds until `until` (epoch ms); 0 once it has passed. The clock ticks all the time the
 * job is on screen, so a wait that starts later never reads an old "now".
 */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [])
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000))
}

/** The marketplace's rate limit is being waited out: say so, with the time left. */
export function BulkCountdown({
  waitingUntil
}: {
  waitingUntil: string | null
}): React.JSX.Element | null {
  const until = waitingUntil === null ? null : Date.parse(waitingUntil)
  const left = useSecondsLeft(until !== null && Number.isFinite(until) ? until : null)
  if (left <= 0) return null
  return (
    <p className={styles.countdown} role="status">
      <Timer size={14} aria-hidden />
      Waiting for the marketplace’s rate limit · continuing in {left} s
    </p>
  )
}
