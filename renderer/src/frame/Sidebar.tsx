import {
  History,
  LayoutGrid,
  Settings,
  ShieldCheck,
  Store,
  UserRound,
  type LucideIcon
} from 'lucide-react'
import { useNav, type View } from '../stores/nav'
import { ConnectionSwitcher } from './ConnectionSwitcher'
import { NAV_ORDER, isMacPlatform, shortcutLabel } from './shortcuts'
import styles from './Sidebar.module.css'

const ENTRIES: Record<(typeof NAV_ORDER)[number], { label: string; icon: LucideIcon }> = {
  account: { label: 'Account', icon: UserRound },
  items: { label: 'Items', icon: LayoutGrid },
  validate: { label: 'Validate', icon: ShieldCheck },
  history: { label: 'History', icon: History },
  settings: { label: 'Settings', icon: Settings }
}

/** The item detail belongs to Items in the sidebar. */
function sectionOf(view: View): View {
  return view === 'item' ? 'items' : view
}

export function Sidebar({ version }: { version: string | null }): React.JSX.Element {
  const view = useNav((s) => s.view)
  const go = useNav((s) => s.go)
  const mac = isMacPlatform()
  const current = sectionOf(view)

  return (
    <aside className={styles.sidebar}>
      <div className={styles.brand}>
        <Store size={18} aria-hidden />
        <span>Seller Desk</span>
      </div>
      <ConnectionSwitcher />
      <nav aria-label="Main" className={styles.nav}>
        <ul>
          {NAV_ORDER.map((v, i) => {
            const { label, icon: Icon } = ENTRIES[v]
            const keys =
              v === 'validate'
                ? `${shortcutLabel(String(i + 1), mac)} or ${shortcutLabel('K', mac)}`
                : shortcutLabel(String(i + 1), mac)
            return (
              <li key={v}>
                <button
                  type="button"
                  className={styles.link}
                  aria-current={current === v ? 'page' : undefined}
                  aria-keyshortcuts={
                    v === 'validate'
                      ? `${mac ? 'Meta' : 'Control'}+${i + 1} ${mac ? 'Meta' : 'Control'}+K`
                      : `${mac ? 'Meta' : 'Control'}+${i + 1}`
                  }
                  title={`${label} (${keys})`}
                  onClick={() => go(v)}
                >
                  <Icon size={16} aria-hidden className={styles.icon} />
                  <span className={styles.label}>{label}</span>
                  {/* Validate's two shortcuts share one modifier ("Ctrl+3/K"): written out
                      in full they squeeze the row; the title spells both. */}
                  <kbd className={styles.kbd} aria-hidden>
                    {shortcutLabel(String(i + 1), mac)}
                    {v === 'validate' && (
                      <span data-testid="validate-shortcut-k">/{mac ? '⌘K' : 'K'}</span>
                    )}
                  </kbd>
                </button>
              </li>
            )
          })}
        </ul>
      </nav>
      {version && (
        <small className={styles.version} data-testid="app-version">
          v{version}
        </small>
      )}
    </aside>
  )
}
