import { useEffect, useRef } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { FileDown, History, SearchX } from 'lucide-react'
import { shortCode } from '../../../../shared/purchase-code'
import { useNow } from '../../lib/use-now'
import { useHistory } from '../../stores/history'
import { useNav } from '../../stores/nav'
import { Button } from '../../ui/Button'
import { SearchField } from '../../ui/SearchField'
import { EmptyState, ErrorState } from '../../ui/States'
import { ViewHeader } from '../../ui/ViewHeader'
import { toast } from '../../ui/toast'
import { errorHeading } from '../../ui/error-copy'
import { HistorySkeleton, HistoryTable } from './HistoryTable'
import alert from '../../ui/Alert.module.css'
import styles from './History.module.css'

/** Typing waits this long before asking main again. */
const SEARCH_DELAY_MS = 200

/** Every check made on this connection: searchable, re-checkable, exportable. */
export function HistoryView(): React.JSX.Element {
  const s = useHistory(
    useShallow((h) => ({
      query: h.query,
      entries: h.entries,
      total: h.total,
      status: h.status,
      error: h.error,
      rechecking: h.rechecking,
      lastRecheck: h.lastRecheck,
      recheckError: h.recheckError,
      exporting: h.exporting,
      exportError: h.exportError
    }))
  )
  const { setQuery, load, showMore, recheck, exportCsv } = useHistory.getState()
  const openItem = useNav((n) => n.openItem)
  const go = useNav((n) => n.go)
  const now = useNow()

  // At once on open (checks were made elsewhere since), then shortly after typing stops.
  const first = useRef(true)
  useEffect(() => {
    const delay = first.current ? 0 : SEARCH_DELAY_MS
    first.current = false
    const t = setTimeout(() => void useHistory.getState().load(), delay)
    return () => clearTimeout(t)
  }, [s.query])

  const onRecheck = (code: string): void => {
    void recheck(code).then((v) => {
      if (!v) return
      const verdict = v.valid ? 'valid' : 'not valid'
      toast(
        v.flag === 'was-valid'
          ? `${shortCode(code)} is no longer valid: refunded or cancelled?`
          : `${shortCode(code)} is ${verdict}.`
      )
    })
  }

  const onExport = (): void => {
    void exportCsv().then((saved) => saved && toast('History exported as CSV.'))
  }

  const hasQuery = s.query.trim() !== ''
  let body: React.ReactNode
  if (s.status === 'error' && s.error) {
    body = <ErrorState error={s.error} onRetry={() => void load()} />
  } else if (s.status !== 'ready') {
    body = <HistorySkeleton />
  } else if (s.total === 0 && !hasQuery) {
    body = (
      <EmptyState
        icon={<History size={28} />}
        title="No codes have been checked on this marketplace yet."
        action={
          <Button variant="primary" onClick={() => go('validate')}>
            Check a code
          </Button>
        }
      />
    )
  } else if (s.entries.length === 0) {
    body = (
      <EmptyState
        icon={<SearchX size={28} />}
        title={`No lookups match “${s.query.trim()}”.`}
        action={<Button onClick={() => setQuery('')}>Clear search</Button>}
      />
    )
  } else {
    body = (
      <>
        <HistoryTable
          entries={s.entries}
          rechecking={s.rechecking}
          lastRecheck={s.lastRecheck}
          now={now}
          onRecheck={onRecheck}
          onOpenItem={openItem}
        />
        {s.entries.length < s.total && (
          <div className={styles.more}>
            <p>
              Showing the newest {s.entries.length} of {s.total}.
            </p>
            <Button size="sm" onClick={() => void showMore()}>
              Show more
            </Button>
          </div>
        )}
      </>
    )
  }

  const problem = s.recheckError
    ? {
        text: `Could not re-check ${shortCode(s.recheckError.code)}: ${s.recheckError.error.message}`,
        heading: errorHeading(s.recheckError.error.kind)
      }
    : s.exportError
      ? {
          text: `Could not export the history: ${s.exportError.message}`,
          heading: errorHeading(s.exportError.kind)
        }
      : null

  return (
    <section className={styles.view} aria-labelledby="history-title">
      <ViewHeader
        title={<span id="history-title">History</span>}
        actions={
          <Button
            size="sm"
            icon={<FileDown size={14} aria-hidden />}
            busy={s.exporting}
            // The export holds the whole history, whatever the search shows.
            disabled={s.status !== 'ready' || (s.total === 0 && !hasQuery)}
            onClick={onExport}
          >
            Export CSV
          </Button>
        }
      />
      <div className={styles.toolbar}>
        <SearchField
          className={styles.search}
          landmark
          label="Search history"
          placeholder="Code, item, licence or verdict"
          value={s.query}
          onChange={setQuery}
        />
        {s.status === 'ready' && (s.total > 0 || hasQuery) && (
          <p className={styles.count} aria-live="polite">
            {hasQuery
              ? `${s.total} ${s.total === 1 ? 'match' : 'matches'}`
              : `${s.total} ${s.total === 1 ? 'lookup' : 'lookups'}`}
          </p>
        )}
      </div>
      {problem && (
        <p className={`${alert.danger} ${styles.problem}`} role="alert">
          <strong>{problem.heading}.</strong> {problem.text}
        </p>
      )}
      <div className={styles.body} data-scroller>
        {body}
      </div>
    </section>
  )
}
