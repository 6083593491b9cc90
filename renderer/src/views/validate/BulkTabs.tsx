import { ListChecks, ScanLine } from 'lucide-react'
import { useBulk, type ValidateTab } from '../../stores/bulk'
import styles from '../../ui/Tabs.module.css'

const TABS: Array<{ tab: ValidateTab; label: string; icon: React.ReactNode }> = [
  { tab: 'single', label: 'One code', icon: <ScanLine size={14} aria-hidden /> },
  { tab: 'bulk', label: 'Bulk', icon: <ListChecks size={14} aria-hidden /> }
]

/** One code, or many at once; arrow keys move between the tabs as in any tab strip. */
export function ValidateTabs(): React.JSX.Element {
  const current = useBulk((b) => b.tab)
  const setTab = useBulk((b) => b.setTab)
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>): void => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return
    e.preventDefault()
    const next = current === 'single' ? 'bulk' : 'single'
    setTab(next)
    requestAnimationFrame(() => document.getElementById(`validate-tab-${next}`)?.focus())
  }
  return (
    <div className={styles.tabs} role="tablist" aria-label="Validate" onKeyDown={onKeyDown}>
      {TABS.map(({ tab, label, icon }) => (
        <button
          key={tab}
          id={`validate-tab-${tab}`}
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={current === tab}
          tabIndex={current === tab ? 0 : -1}
          onClick={() => setTab(tab)}
        >
          {icon}
          {label}
        </button>
      ))}
    </div>
  )
}
