import { useEffect, useRef, type FormEvent } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { TriangleAlert } from 'lucide-react'
import { scanForCode } from '../../../../shared/purchase-code'
import { isUuidShaped, normaliseCode } from '../../../../shared/purchase-code'
import { useNow } from '../../lib/use-now'
import { CHECKING_GRACE_MS, useShownAfter } from '../../lib/use-shown-after'
import { useNav } from '../../stores/nav'
import { useValidate } from '../../stores/validate'
import { CodeField } from '../../ui/CodeField'
import { useNotCheckedSentence } from '../../ui/NotChecked'
import { Skeleton } from '../../ui/Skeleton'
import { ViewHeader } from '../../ui/ViewHeader'
import { useBulk } from '../../stores/bulk'
import { ValidateTabs } from './BulkTabs'
import { BulkView } from './BulkView'
import { lastKnownText } from './LastKnown'
import { RecentLookups } from './RecentLookups'
import { CodeScanNote } from './CodeScanNote'
import { SampleCodes } from './SampleCodes'
import { ValidateError } from './ValidateError'
import { VerdictCard, announce } from './VerdictCard'
import card from '../../ui/Card.module.css'
import code from '../../ui/CodeCheck.module.css'
import verdict from './VerdictCard.module.css'
import styles from './Validate.module.css'

function CheckingSkeleton(): React.JSX.Element {
  return (
    <div
      className={`${card.card} ${verdict.card}`}
      data-tone="neutral"
      role="status"
      aria-label="Checking the code"
      aria-busy="true"
    >
      <div className={verdict.verdict}>
        <Skeleton width={40} height={40} radius="50%" />
        <div className={verdict.skeletonLines}>
          <Skeleton width={120} height={24} />
          <Skeleton width={280} height={14} />
        </div>
      </div>
      <Skeleton width="70%" height={16} />
      <Skeleton width="50%" height={16} />
    </div>
  )
}

/** A recent row from the history only has a summary: its code is checked again. */
function checkAgain(code: string): void {
  const { setInput, check } = useValidate.getState()
  setInput(code)
  void check(code)
}

/** The fastest path in the app: paste a code, see the verdict. */
export function ValidateView(): React.JSX.Element {
  const s = useValidate(
    useShallow((st) => ({
      input: st.input,
      checking: st.checking,
      lastCode: st.lastCode,
      result: st.result,
      error: st.error,
      retryAt: st.retryAt,
      lastKnown: st.lastKnown,
      recent: st.recent,
      earlier: st.earlier,
      found: st.found,
      noCode: st.noCode,
      cut: st.cut,
      samples: st.samples
    }))
  )
  const { setInput, check, retry, show, loadEarlier, loadSamples } = useValidate.getState()
  const openItem = useNav((n) => n.openItem)
  const inputRef = useRef<HTMLInputElement>(null)
  // Ticks: "12 days left" must not go stale in an app left open all day.
  const now = useNow()
  const notChecked = useNotCheckedSentence(s.error)
  // Most answers come within a frame or two: the skeleton and spinner are for a real wait.
  // The button is disabled at once all the same, so a second Enter sends nothing.
  const showChecking = useShownAfter(s.checking, CHECKING_GRACE_MS)

  // After a restart the session's list is empty: the history fills it.
  useEffect(() => {
    void loadEarlier()
    void loadSamples()
  }, [loadEarlier, loadSamples])

  // Focused on open, and again on each Ctrl/Cmd+K (the app-wide shortcut asks).
  const focusRequest = useValidate((st) => st.focusRequest)
  useEffect(() => {
    inputRef.current?.focus()
    inputRef.current?.select()
  }, [focusRequest])

  const submit = (e: FormEvent): void => {
    e.preventDefault()
    void check(s.input)
  }

  const checkAllInBulk = (text: string): void => {
    const bulk = useBulk.getState()
    bulk.setText(text)
    bulk.setTab('bulk')
    void bulk.start()
  }

  const tab = useBulk((b) => b.tab)
  if (tab === 'bulk') return <BulkView />

  const checked = s.lastCode
  // Said only beside the verdict the send earned: after an error nothing was checked.
  const warnShape =
    checked !== null && !isUuidShaped(checked) && s.result !== null && s.result.code === checked
  // The field no longer holds the code the card is about: the card says so.
  const stale = s.result !== null && normaliseCode(s.input) !== s.result.code
  // What Enter would check: the field's first code (none found: Enter says so first).
  const scanned = scanForCode(s.input)
  const next = scanned.kind === 'none' ? null : scanned.code

  return (
    <section className={styles.view} aria-labelledby="validate-title">
      <ViewHeader title={<span id="validate-title">Validate</span>} />
      <ValidateTabs />
      <div className={styles.body}>
        <form className={code.form} onSubmit={submit} role="search" aria-label="Code check">
          <CodeField
            id="purchase-code"
            inputRef={inputRef}
            value={s.input}
            onChange={setInput}
            onPasteCode={(text) => void check(text)}
            placeholder="e.g. 3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c"
            describedBy={warnShape ? 'code-hint code-warning' : 'code-hint'}
            busy={showChecking}
            disabled={!s.input.trim() || s.checking}
            hintId="code-hint"
            hint="Paste a buyer’s code to check it at once, or type it and press Enter."
          />
          {warnShape && (
            <p id="code-warning" className={styles.warning}>
              <TriangleAlert size={14} aria-hidden />
              This doesn’t look like a purchase code (usually 36 characters like 1a2b3c4d-…). It was
              checked anyway.
            </p>
          )}
          <CodeScanNote
            found={s.found}
            noCode={s.noCode}
            cut={s.cut}
            checked={s.lastCode}
            onCheckAnyway={(text) => void check(text, { anyway: true })}
            onCheckAll={checkAllInBulk}
          />
        </form>

        {s.samples && (
          <SampleCodes
            samples={s.samples}
            onCheck={(code) => {
              void check(code)
              inputRef.current?.focus()
            }}
          />
        )}

        <div className="visually-hidden" aria-live="polite" aria-atomic="true">
          {showChecking
            ? 'Checking…'
            : s.result
              ? announce(s.result, now)
              : notChecked
                ? `Not checked. ${notChecked}${s.lastKnown ? ` ${lastKnownText(s.lastKnown, now)}` : ''}`
                : ''}
        </div>

        <div className={code.result}>
          {showChecking && <CheckingSkeleton />}
          {!s.checking && s.error && (
            <ValidateError
              error={s.error}
              retryAt={s.retryAt}
              onRetry={() => void retry()}
              lastKnown={s.lastKnown}
              now={now}
            />
          )}
          {!s.checking && s.result && (
            <VerdictCard
              validation={s.result}
              onOpenItem={openItem}
              now={now}
              stale={stale}
              next={next}
            />
          )}
        </div>

        <RecentLookups
          recent={s.recent}
          earlier={s.earlier}
          current={s.result?.code ?? null}
          now={now}
          onShow={show}
          onCheck={checkAgain}
        />
      </div>
    </section>
  )
}
