import { useCallback, useEffect, useRef, type FormEvent } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { ExternalLink, X } from 'lucide-react'
import { isOneWord, scanForCode } from '../../../shared/purchase-code'
import { bridgeKind, getBridge } from '../bridge'
import { useNow } from '../lib/use-now'
import { CHECKING_GRACE_MS, useShownAfter } from '../lib/use-shown-after'
import { useConnections } from '../stores/connections'
import { useSettings } from '../stores/settings'
import { useValidate } from '../stores/validate'
import { Button } from '../ui/Button'
import { CodeField } from '../ui/CodeField'
import { Skeleton } from '../ui/Skeleton'
import { NotChecked, useNotCheckedSentence } from '../ui/NotChecked'
import { VerdictCard, announce } from '../views/validate/VerdictCard'
import { MAIN_ROUTE, MAIN_WINDOW_NAME, showMainTab } from './route'
import card from '../ui/Card.module.css'
import code from '../ui/CodeCheck.module.css'
import styles from './Quick.module.css'

/** Asks main for the code the global shortcut found on the clipboard; null when there was none. */
async function takeClipboardCode(): Promise<string | null> {
  const r = await getBridge().takeQuickLookup()
  return r.ok ? r.data.code : null
}

/**
 * The lookup window: a code field, the same verdict card as Validate, "Open in Seller Desk"
 * (Enter) and Escape to close. The global shortcut leaves the clipboard's code with main;
 * the page asks for it on load, focus and visibility change, like the main window does.
 */
export function QuickApp(): React.JSX.Element {
  const connections = useConnections((s) => s.state)
  const v = useValidate(
    useShallow((s) => ({
      input: s.input,
      checking: s.checking,
      result: s.result,
      error: s.error
    }))
  )
  const { setInput, check, retry } = useValidate.getState()
  const inputRef = useRef<HTMLInputElement>(null)
  const now = useNow()
  const browser = bridgeKind() === 'browser'
  const connected = Boolean(connections && connections.connections.length > 0)

  useEffect(() => {
    void useConnections.getState().load()
    void useSettings.getState().load()
    // This tab showed the full app before: it is the lookup page now, not the app's tab.
    if (window.name === MAIN_WINDOW_NAME) window.name = ''
  }, [])

  const focusField = (): void => {
    inputRef.current?.focus()
    inputRef.current?.select()
  }

  const take = useCallback(async (): Promise<void> => {
    const code = await takeClipboardCode()
    if (code !== null) {
      setInput(code)
      void check(code)
    }
    focusField()
  }, [setInput, check])

  useEffect(() => {
    if (!connected) return
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') void take()
    }
    const onFocus = (): void => void take()
    void take()
    window.addEventListener('focus', onFocus)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.removeEventListener('focus', onFocus)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [connected, take])

  const openInMain = useCallback(
    async (code: string): Promise<void> => {
      await getBridge().openInMainWindow({ code })
      // The browser host has no window of its own to show: the full app's tab (found or
      // opened) takes the code; only when the browser refuses a tab does this one load it.
      if (browser && !showMainTab()) window.location.assign(MAIN_ROUTE)
    },
    [browser]
  )

  const close = useCallback(async (): Promise<void> => {
    if (browser) window.location.assign(MAIN_ROUTE)
    else await getBridge().closeQuickLookup()
  }, [browser])

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault()
        void close()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [close])

  const notChecked = useNotCheckedSentence(v.error)
  const scan = scanForCode(v.input)
  const anyway = scan.kind === 'none' && isOneWord(v.input)
  // As in Validate: the skeleton and spinner are for a real wait, the field is locked at once.
  const showChecking = useShownAfter(v.checking, CHECKING_GRACE_MS)
  const shown = v.result && !v.checking ? v.result : null
  // Enter on the code just checked opens its record; on a changed code it checks that one.
  const opensRecord = shown !== null && scan.kind !== 'none' && scan.code === shown.code

  const submit = (e: FormEvent): void => {
    e.preventDefault()
    if (opensRecord) void openInMain(shown.code)
    else if (scan.kind !== 'none') void check(scan.code)
    // A word that is not code-shaped is checked only on this second, explicit Enter.
    else if (anyway) void check(v.input, { anyway: true })
  }

  return (
    <div className={styles.window}>
      <header className={styles.bar}>
        <h1 className={styles.title}>Quick lookup</h1>
        <Button
          variant="ghost"
          size="sm"
          icon={<X size={16} aria-hidden />}
          aria-label="Close (Escape)"
          title="Close (Escape)"
          className={styles.noDrag}
          onClick={() => void close()}
        />
      </header>
      {!connections ? null : !connected ? (
        <p className={styles.notice}>
          Seller Desk is not connected to a marketplace yet. Open Seller Desk and connect, then
          check codes from here.
        </p>
      ) : (
        <main className={styles.body}>
          <form
            className={`${code.form} ${code.compact}`}
            onSubmit={submit}
            role="search"
            aria-label="Quick code check"
          >
            <CodeField
              id="quick-code"
              inputRef={inputRef}
              value={v.input}
              onChange={setInput}
              // As in Validate: a pasted code is checked at once.
              onPasteCode={(text) => void check(text)}
              placeholder="Paste a code"
              describedBy="quick-hint"
              busy={showChecking}
              disabled={(scan.kind === 'none' && !anyway) || v.checking}
              variant={opensRecord ? 'secondary' : 'primary'}
              hintId="quick-hint"
              hint={
                anyway
                  ? 'This doesn’t look like a purchase code: Enter checks it anyway · Esc closes'
                  : v.input.trim() !== '' && scan.kind === 'none'
                    ? 'No purchase code in this text: paste the code itself.'
                    : opensRecord
                      ? 'Enter opens the full record in Seller Desk · Esc closes'
                      : 'Enter checks the code · Esc closes'
              }
            />
          </form>

          <div className="visually-hidden" aria-live="polite" aria-atomic="true">
            {showChecking
              ? 'Checking…'
              : shown
                ? announce(shown, now)
                : notChecked
                  ? `Not checked. ${notChecked}`
                  : ''}
          </div>

          <div className={`${code.result} ${styles.result}`}>
            {showChecking && (
              <div
                className={`${card.card} ${styles.checking}`}
                role="status"
                aria-label="Checking the code"
                aria-busy="true"
              >
                <Skeleton width={40} height={40} radius="50%" />
                <Skeleton width="60%" height={20} />
              </div>
            )}
            {!v.checking && v.error && (
              <NotChecked
                error={v.error}
                // Checking again cannot help a wrong text or a refused key: the sentence says the fix.
                onRetry={
                  ['invalid-input', 'unauthorized', 'not-a-seller'].includes(v.error.kind)
                    ? undefined
                    : () => void retry()
                }
              />
            )}
            {shown && (
              <VerdictCard
                validation={shown}
                now={now}
                // As in Validate: once the field holds another code, this card is dimmed and
                // says so, so the verdict is never read as the new code's.
                stale={!opensRecord}
                onOpenItem={() => void openInMain(shown.code)}
              />
            )}
          </div>
        </main>
      )}
      {connected && shown && (
        <footer className={styles.actions}>
          <Button
            variant="primary"
            icon={<ExternalLink size={16} aria-hidden />}
            onClick={() => void openInMain(shown.code)}
          >
            Open in Seller Desk
          </Button>
          <span className={styles.keys} aria-hidden>
            <kbd>Enter</kbd>
          </span>
        </footer>
      )}
    </div>
  )
}
