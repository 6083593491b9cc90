import { useState } from 'react'
import {
  History,
  Keyboard,
  LayoutGrid,
  PanelLeftClose,
  PanelLeftOpen,
  Settings,
  ShieldCheck,
  Store,
  UserRound,
  type LucideIcon
} from 'lucide-react'
import { useMediaQuery } from '../lib/use-media-query'
import { useNav, type View } from '../stores/nav'
import { ConnectionSwitcher } from './ConnectionSwitcher'
import { ariaShortcut, shortcutLabel, usePlatform } from './platform'
import { NAV_ORDER } from './shortcuts'
import { useShortcutsSheet } from './ShortcutsSheet'
import styles from './Sidebar.module.css'

/** Below this width the sidebar keeps to its icons, unless the seller expands it. */
const NARROW_FRAME = '(max-width: 899px)'

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
  const mac = usePlatform((s) => s.mac)
  const openSheet = useShortcutsSheet((s) => s.toggle)
  const narrow = useMediaQuery(NARROW_FRAME)
  const [expanded, setExpanded] = useState(false)
  const collapsed = narrow && !expanded
  const current = sectionOf(view)
  const labelClass = collapsed ? 'visually-hidden' : styles.label

  return (
    <aside className={styles.sidebar} data-collapsed={collapsed || undefined}>
      <div className={styles.brand}>
        <Store size={18} aria-hidden />
        {/* Collapsed, names are hidden from sight only: they still name what they label. */}
        <span className={collapsed ? 'visually-hidden' : undefined}>Seller Desk</span>
      </div>
      {narrow && (
        // A toggle named by its words (hidden from sight while collapsed), pressed when shown.
        <button
          type="button"
          className={styles.link}
          aria-pressed={expanded}
          title={expanded ? 'Show icons only' : 'Show names'}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? (
            <PanelLeftClose size={16} aria-hidden className={styles.icon} />
          ) : (
            <PanelLeftOpen size={16} aria-hidden className={styles.icon} />
          )}
          <span className={labelClass}>Show names</span>
        </button>
      )}
      <ConnectionSwitcher compact={collapsed} />
      <nav aria-label="Main" className={styles.nav}>
        <ul>
          {NAV_ORDER.map((v, i) => {
            const { label, icon: Icon } = ENTRIES[v]
            const digit = String(i + 1)
            const keys =
              v === 'validate'
                ? `${shortcutLabel(digit, mac)}, or ${shortcutLabel('K', mac)} to check a code`
                : shortcutLabel(digit, mac)
            return (
              <li key={v}>
                <button
                  type="button"
                  className={styles.link}
                  aria-current={current === v ? 'page' : undefined}
                  aria-keyshortcuts={
                    v === 'validate'
                      ? `${ariaShortcut(digit, mac)} ${ariaShortcut('K', mac)}`
                      : ariaShortcut(digit, mac)
                  }
                  title={`${label} (${keys})`}
                  onClick={() => go(v)}
                >
                  <Icon size={16} aria-hidden className={styles.icon} />
                  <span className={labelClass}>{label}</span>
                  <kbd className={styles.kbd} aria-hidden>
                    {shortcutLabel(digit, mac)}
                  </kbd>
                </button>
              </li>
            )
          })}
        </ul>
      </nav>
      <div className={styles.foot}>
        <button
          type="button"
          className={styles.link}
          aria-keyshortcuts={ariaShortcut('/', mac)}
          title={`Keyboard shortcuts (${shortcutLabel('/', mac)})`}
          onClick={openSheet}
        >
          <Keyboard size={16} aria-hidden className={styles.icon} />
          <span className={labelClass}>Shortcuts</span>
          <kbd className={styles.kbd} aria-hidden>
            {shortcutLabel('/', mac)}
          </kbd>
        </button>
        {version && (
          <small className={styles.version} data-testid="app-version">
            v{version}
          </small>
        )}
      </div>
    </aside>
  )
}
