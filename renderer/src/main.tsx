import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { bootFirstScreen, renderWhenAnswered } from './frame/boot'
import { isQuickRoute } from './quick/route'
import './styles/global.css'

// The lookup window (global shortcut) is a route of this same page, so it gets the same
// CSP, preload and sender checks; its code loads only there.
const QuickApp = lazy(() => import('./quick/QuickApp').then((m) => ({ default: m.QuickApp })))

const root = document.getElementById('root')
if (root) {
  const reactRoot = createRoot(root)
  if (isQuickRoute(window.location.search)) {
    reactRoot.render(
      <StrictMode>
        <Suspense fallback={null}>
          <QuickApp />
        </Suspense>
      </StrictMode>
    )
  } else {
    const { answered } = bootFirstScreen()
    renderWhenAnswered(answered, () =>
      reactRoot.render(
        <StrictMode>
          <App />
        </StrictMode>
      )
    )
  }
}
