// First: ICU's warm-up worker starts, and the first screen's questions leave, before the
// rest of the bundle is evaluated.
import './frame/format-worker'
import { firstScreen } from './start'
import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { renderWhenReady } from './frame/boot'
import { KindSymbols } from './views/items/KindBadge'
import './styles/global.css'

// The lookup window (global shortcut) is a route of this same page, so it gets the same
// CSP, preload and sender checks; its code loads only there.
const QuickApp = lazy(() => import('./quick/QuickApp').then((m) => ({ default: m.QuickApp })))

const root = document.getElementById('root')
if (root) {
  const reactRoot = createRoot(root)
  if (!firstScreen) {
    reactRoot.render(
      <StrictMode>
        <KindSymbols />
        <Suspense fallback={null}>
          <QuickApp />
        </Suspense>
      </StrictMode>
    )
  } else {
    renderWhenReady(firstScreen.ready, () =>
      reactRoot.render(
        <StrictMode>
          <KindSymbols />
          <App />
        </StrictMode>
      )
    )
  }
}
