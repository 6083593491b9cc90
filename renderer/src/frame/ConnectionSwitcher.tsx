import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent
} from 'react'
import { Check, ChevronsUpDown, Plus, PlugZap } from 'lucide-react'
import { selectActive, useConnections } from '../stores/connections'
import { useNav } from '../stores/nav'
import { Badge } from '../ui/Badge'
import { ConnectionStatusLine } from '../ui/ConnectionStatus'
import { toast } from '../ui/toast'
import { hostOf } from '../lib/host'
import styles from './ConnectionSwitcher.module.css'

/** The active marketplace at the top of the sidebar; its menu switches to another one. */
/** `compact`: in a collapsed sidebar, an icon with the same words for assistive tech. */
export function ConnectionSwitcher({
  compact = false
}: {
  compact?: boolean
}): React.JSX.Element | null {
  const state = useConnections((s) => s.state)
  const active = useConnections(selectActive)
  const setActive = useConnections((s) => s.setActive)
  const go = useNav((s) => s.go)
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const [place, setPlace] = useState<CSSProperties>({})

  // The sidebar scrolls (overflow), which would clip a menu wider than it: the menu is
  // fixed to the window instead, under the trigger, and kept inside the window.
  useLayoutEffect(() => {
    if (!open) return
    const measure = (): void => {
      const r = buttonRef.current?.getBoundingClientRect()
      if (!r) return
      const width = Math.min(Math.max(r.width, 260), window.innerWidth - 2 * r.left)
      setPlace({ top: r.bottom + 4, left: r.left, width })
    }
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [open])

  useEffect(() => {
    if (!open) return
    menuRef.current
      ?.querySelector<HTMLElement>('[aria-checked="true"], [role^="menuitem"]')
      ?.focus()
    const onPointer = (e: PointerEvent): void => {
      const t = e.target as Node
      if (!menuRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  if (!state) return null

  const close = (): void => {
    setOpen(false)
    buttonRef.current?.focus()
  }

  const choose = async (id: string): Promise<void> => {
    close()
    if (id === state.activeId) return
    const r = await setActive(id)
    if (!r.ok) toast(`Couldn't switch: ${r.error.message}`)
  }

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []
    )
    const i = items.indexOf(document.activeElement as HTMLElement)
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      close()
    } else if (e.key === 'ArrowDown') {
      e.preventDefault()
      items[(i + 1) % items.length]?.focus()
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      items[(i - 1 + items.length) % items.length]?.focus()
    } else if (e.key === 'Tab') {
      setOpen(false)
    }
  }

  return (
    <div className={styles.wrap}>
      <button
        ref={buttonRef}
        type="button"
        className={compact ? `${styles.trigger} ${styles.compact}` : styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        title={active ? `Connection: ${active.label}` : undefined}
      >
        {compact && <PlugZap size={16} aria-hidden className={styles.collapsedIcon} />}
        {/* Named by what it shows (WCAG 2.5.3), with the role of that text first. */}
        <span className="visually-hidden">Connection: </span>
        <span className={compact ? 'visually-hidden' : styles.text}>
          <span className={styles.label}>{active?.label ?? 'No connection'}</span>
          {active && (
            <span className={styles.labelRow}>
              {active.isDemo && <Badge tone="accent">Demo</Badge>}
              <span className={styles.host}>{hostOf(active.baseUrl)}</span>
            </span>
          )}
        </span>
        {!compact && <ChevronsUpDown size={14} aria-hidden className={styles.chevron} />}
      </button>
      {/* The same status as every view's header, beside the connection it is about. */}
      {active && (
        <div className={compact ? 'visually-hidden' : styles.status}>
          <ConnectionStatusLine compact />
        </div>
      )}
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Connections"
          className={styles.menu}
          style={place}
          onKeyDown={onMenuKey}
        >
          {state.connections.map((c) => (
            <button
              key={c.id}
              type="button"
              role="menuitemradio"
              aria-checked={c.id === state.activeId}
              className={styles.item}
              onClick={() => void choose(c.id)}
            >
              <span className={styles.check}>
                {c.id === state.activeId && <Check size={14} aria-hidden />}
              </span>
              <span className={styles.text}>
                <span className={styles.labelRow}>
                  <span className={styles.label}>{c.label}</span>
                  {c.isDemo && <Badge tone="accent">Demo</Badge>}
                </span>
                <span className={styles.host}>{hostOf(c.baseUrl)}</span>
              </span>
            </button>
          ))}
          <div className={styles.separator} role="separator" />
          <button
            type="button"
            role="menuitem"
            className={styles.item}
            onClick={() => {
              close()
              go('settings')
            }}
          >
            <span className={styles.check}>
              <Plus size={14} aria-hidden />
            </span>
            Add or manage connections…
          </button>
        </div>
      )}
    </div>
  )
}
