import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { isQuickRoute } from './quick/route'
import './styles/global.css'

// The lookup window (global shortcut) is a route of this same page, so it gets the same
// CSP, preload and sender checks; its code loads only there.
const QuickApp = lazy(() => import('./quick/QuickApp').then((m) => ({ default: m.QuickApp })))

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      {isQuickRoute(window.location.search) ? (
        <Suspense fallback={null}>
          <QuickApp />
        </Suspense>
      ) : (
        <App />
      )}
    </StrictMode>
  )
}
