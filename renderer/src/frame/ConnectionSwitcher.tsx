import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Check, ChevronsUpDown, Plus } from 'lucide-react'
import { selectActive, useConnections } from '../stores/connections'
import { useNav } from '../stores/nav'
import { Badge } from '../ui/Badge'
import { toast } from '../ui/toast'
import { hostOf } from '../lib/host'
import styles from './ConnectionSwitcher.module.css'

/** The active marketplace at the top of the sidebar; its menu switches to another one. */
export function ConnectionSwitcher(): React.JSX.Element | null {
  const state = useConnections((s) => s.state)
  const active = useConnections(selectActive)
  const setActive = useConnections((s) => s.setActive)
  const go = useNav((s) => s.go)
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)

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
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Connection: ${active?.label ?? 'none'}. Switch connection`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.text}>
          <span className={styles.label} title={active?.label}>
            {active?.label ?? 'No connection'}
          </span>
          {active && (
            <span className={styles.labelRow}>
              {active.isDemo && <Badge tone="accent">Demo</Badge>}
              <span className={styles.host}>{hostOf(active.baseUrl)}</span>
            </span>
          )}
        </span>
        <ChevronsUpDown size={14} aria-hidden className={styles.chevron} />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Connections"
          className={styles.menu}
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
