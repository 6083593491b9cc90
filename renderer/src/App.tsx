import { useEffect, useState } from 'react'
import type { AppInfo } from '../../shared/ipc/contract'
import { getBridge } from './bridge'

const VIEWS = ['Account', 'Items', 'Validate', 'Settings'] as const

export function App(): React.JSX.Element {
  const [view, setView] = useState<(typeof VIEWS)[number]>('Account')
  const [info, setInfo] = useState<AppInfo | null>(null)

  useEffect(() => {
    void getBridge()
      .getAppInfo()
      .then((r) => r.ok && setInfo(r.data))
  }, [])

  return (
    <div className="shell">
      <nav aria-label="Main">
        <strong>Seller Desk</strong>
        <ul>
          {VIEWS.map((v) => (
            <li key={v}>
              <button aria-current={v === view ? 'page' : undefined} onClick={() => setView(v)}>
                {v}
              </button>
            </li>
          ))}
        </ul>
        {info && <small data-testid="app-version">v{info.version}</small>}
      </nav>
      <main>
        <h1>{view}</h1>
      </main>
    </div>
  )
}
