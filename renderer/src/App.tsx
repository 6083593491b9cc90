import { Suspense, useEffect, useState } from 'react'
import { bridgeKind, getBridge } from './bridge'
import { MAIN_WINDOW_NAME } from './quick/route'
import { Sidebar } from './frame/Sidebar'
import { CrashNotice } from './frame/CrashNotice'
import { FrameSkeleton, ViewFallback } from './frame/FrameSkeleton'
import { scopeStoresToConnection } from './frame/connection-scope'
import { firstFrameDrawn } from './frame/page-code'
import { usePendingLookup } from './frame/pending-lookup'
import { useBalanceNotices } from './frame/balance-notices'
import { useGlobalShortcuts } from './frame/shortcuts'
import { learnPlatform } from './frame/platform'
import { useArrivalFocus, useArrivalNotice } from './frame/arrival-focus'
import { ShortcutsSheet } from './frame/ShortcutsSheet'
import { UpdateBanner } from './frame/UpdateBanner'
import {
  AccountView,
  ConnectView,
  HistoryView,
  ItemDetailView,
  ItemsView,
  SettingsView,
  useViewCode,
  ValidateView
} from './frame/routes'
import { useConnections } from './stores/connections'
import { useItems } from './stores/items'
import { useNav } from './stores/nav'
import { useAccount } from './stores/account'
import { useConnectionStatus } from './stores/connection-status'
import { watchReconnect } from './stores/reconnect'
import { useSettings } from './stores/settings'
import { ErrorState } from './ui/States'
import { Toaster } from './ui/Toaster'
import styles from './App.module.css'

function CurrentView(): React.JSX.Element {
  const view = useNav((s) => s.view)
  const itemId = useNav((s) => s.itemId)
  const ready = useViewCode(view)
  // The list is asked while the view's code loads, not after it has mounted.
  useEffect(() => {
    if (view === 'items' && useItems.getState().status === 'idle') void useItems.getState().load()
  }, [view])
  if (!ready) return <ViewFallback />
  switch (view) {
    case 'account':
      return <AccountView />
    case 'items':
      return <ItemsView />
    case 'item':
      return itemId === null ? <ItemsView /> : <ItemDetailView id={itemId} />
    case 'validate':
      return <ValidateView />
    case 'history':
      return <HistoryView />
    case 'settings':
      return <SettingsView />
  }
}

scopeStoresToConnection()

export function App(): React.JSX.Element {
  const state = useConnections((s) => s.state)
  const status = useConnections((s) => s.status)
  const error = useConnections((s) => s.error)
  const loadConnections = useConnections((s) => s.load)
  const loadSettings = useSettings((s) => s.load)
  // Settings say which view opens (the last one): the frame waits for them, not a wrong view.
  const settingsLoaded = useSettings((s) => s.loaded)
  const [version, setVersion] = useState<string | null>(null)

  useEffect(() => firstFrameDrawn(), [])
  // The browser host's lookup page finds this tab by its name (quick/route.ts).
  useEffect(() => {
    if (bridgeKind() === 'browser') window.name = MAIN_WINDOW_NAME
  }, [])

  useEffect(() => {
    // Asked already as the page's code started (frame/boot.ts), unless this frame is new.
    if (useConnections.getState().status === 'idle') void loadConnections()
    if (!useSettings.getState().loaded) void loadSettings()
    void learnPlatform()
    void getBridge()
      .getAppInfo()
      .then((r) => r.ok && setVersion(r.data.version))
  }, [loadConnections, loadSettings])

  const connected = Boolean(state && state.connections.length > 0)
  useGlobalShortcuts(connected)
  useArrivalFocus()
  const arrivalNotice = useArrivalNotice((s) => s.text)
  usePendingLookup(connected)
  useBalanceNotices(connected)
  // "Offline" clears by itself when the marketplace answers again.
  useEffect(() => (connected ? watchReconnect() : undefined), [connected])
  // Every view says the connection's state, Validate too. Account and Items learn it as they
  // load; a view that asks the marketplace nothing by itself reads the account (saved copy,
  // then the marketplace) once, so its header is never blank.
  const activeId = state?.activeId ?? null
  const view = useNav((n) => n.view)
  const asksNothing = view === 'validate' || view === 'history' || view === 'settings'
  useEffect(() => {
    if (
      connected &&
      settingsLoaded &&
      asksNothing &&
      useConnectionStatus.getState().status.state === 'unknown' &&
      useAccount.getState().status === 'idle'
    )
      void useAccount.getState().load()
  }, [connected, settingsLoaded, asksNothing, activeId])

  let body: React.JSX.Element
  const framed = Boolean(state) && connected && settingsLoaded
  if (!state && status === 'error' && error) {
    body = (
      <main className={styles.centre}>
        <ErrorState error={error} onRetry={() => void loadConnections()} />
      </main>
    )
  } else if (!state || (connected && !settingsLoaded)) {
    body = <FrameSkeleton />
  } else if (!connected) {
    body = (
      <Suspense fallback={<FrameSkeleton />}>
        <ConnectView />
      </Suspense>
    )
  } else {
    body = (
      <div className={styles.shell}>
        <Sidebar version={version} />
        <div className={styles.column}>
          {/* Keyed by connection so every view starts fresh for the marketplace it shows. */}
          <main className={styles.content} key={state.activeId ?? 'none'} id="content">
            <CrashNotice />
            <UpdateBanner />
            <Suspense fallback={<ViewFallback />}>
              <CurrentView />
            </Suspense>
          </main>
          <Toaster docked />
        </div>
        <div className="visually-hidden" aria-live="polite" data-testid="view-announcer">
          {arrivalNotice}
        </div>
      </div>
    )
  }

  return (
    <>
      {body}
      {connected && <ShortcutsSheet />}
      {!framed && <Toaster />}
    </>
  )
}
