import { useEffect, useId, useState } from 'react'
import { Trash2 } from 'lucide-react'
import { formatBytes } from '../../lib/format'
import { useSettings } from '../../stores/settings'
import { Button } from '../../ui/Button'
import { RefreshProgressBar } from '../../ui/RefreshProgress'
import { Skeleton } from '../../ui/Skeleton'
import { toast } from '../../ui/toast'
import card from '../../ui/Card.module.css'
import styles from './Settings.module.css'

// Decimal, as the size beside them is (formatBytes): a full 500 MB cache reads "500 MB".
const MB = 1000 * 1000
const LIMITS = [100 * MB, 250 * MB, 500 * MB, 1000 * MB, 2000 * MB, 5000 * MB]
const limitLabel = formatBytes

/** How much the offline copy takes, its limit, and a way to empty it. */
export function CacheSection(): React.JSX.Element {
  const cache = useSettings((s) => s.cache)
  const cacheError = useSettings((s) => s.cacheError)
  const loadCache = useSettings((s) => s.loadCache)
  const clearCache = useSettings((s) => s.clearCache)
  const setCacheLimit = useSettings((s) => s.setCacheLimit)
  const [clearing, setClearing] = useState(false)
  const limitId = useId()

  useEffect(() => {
    void loadCache()
  }, [loadCache])

  const clear = async (): Promise<void> => {
    setClearing(true)
    const done = await clearCache()
    setClearing(false)
    toast(
      done
        ? 'Cache cleared. Views will fetch again from the marketplace.'
        : 'Couldn’t clear the cache.'
    )
  }

  const changeLimit = async (bytes: number): Promise<void> => {
    toast(
      (await setCacheLimit(bytes))
        ? `Cache limit set to ${limitLabel(bytes)}`
        : 'Couldn’t change the cache limit.'
    )
  }

  const limits =
    cache && !LIMITS.includes(cache.limitBytes)
      ? [...LIMITS, cache.limitBytes].sort((a, b) => a - b)
      : LIMITS

  return (
    <section className={`${card.card} ${styles.section}`} aria-labelledby="cache-title">
      <h2 id="cache-title" className={styles.sectionTitle}>
        Offline cache
      </h2>
      <p className={styles.hint}>
        Account, items and their images are kept so Seller Desk opens instantly and works offline.
        Lookup history is not part of the cache.
      </p>
      <div className={styles.cacheRow}>
        <div className={styles.cacheSize} aria-live="polite">
          {cache ? (
            <>
              <span className={styles.cacheBytes} data-testid="cache-size">
                {formatBytes(cache.bytes)}
              </span>
              <span className={styles.hint}>
                {cache.files} {cache.files === 1 ? 'file' : 'files'}
              </span>
            </>
          ) : cacheError ? (
            <span className={styles.hint}>Couldn’t read the cache size: {cacheError.message}</span>
          ) : (
            <Skeleton height={24} width={120} />
          )}
        </div>
        <div className={styles.cacheControls}>
          <label htmlFor={limitId} className={styles.hint}>
            Limit
          </label>
          <select
            id={limitId}
            className={styles.select}
            value={cache?.limitBytes ?? ''}
            disabled={!cache}
            onChange={(e) => void changeLimit(Number(e.target.value))}
          >
            {!cache && <option value="">—</option>}
            {limits.map((b) => (
              <option key={b} value={b}>
                {limitLabel(b)}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            icon={<Trash2 size={14} aria-hidden />}
            busy={clearing}
            disabled={!cache || cache.bytes === 0}
            onClick={() => void clear()}
          >
            Clear
          </Button>
        </div>
      </div>
      {/* A catalogue refresh writing into this cache: how far it is, and Cancel. */}
      <RefreshProgressBar compact />
    </section>
  )
}
