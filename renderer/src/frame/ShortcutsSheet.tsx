import { useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { X } from 'lucide-react'
import { create } from 'zustand'
import { Button } from '../ui/Button'
import { shortcutLabel, usePlatform } from './platform'
import styles from './ShortcutsSheet.module.css'

interface SheetState {
  open: boolean
  toggle(): void
  close(): void
}

/** Ctrl/Cmd+/, the sidebar's "Shortcuts" and Help → Keyboard Shortcuts open the same sheet. */
export const useShortcutsSheet = create<SheetState>((set, get) => ({
  open: false,
  toggle: () => set({ open: !get().open }),
  close: () => set({ open: false })
}))

interface Row {
  /** Each key as shown; `mod` keys get the platform's modifier. */
  keys: Array<{ key: string; mod?: boolean }>
  what: string
}

function groups(): Array<{ title: string; rows: Row[] }> {
  const mod = (key: string) => ({ key, mod: true })
  return [
    {
      title: 'Anywhere',
      rows: [
        { keys: [mod('1')], what: 'Account' },
        { keys: [mod('2')], what: 'Items' },
        { keys: [mod('3')], what: 'Validate' },
        { keys: [mod('4')], what: 'History' },
        { keys: [mod('5')], what: 'Settings' },
        { keys: [mod('K')], what: 'Check a code (Validate’s field)' },
        { keys: [mod('R')], what: 'Refresh Account, Items or an item' },
        { keys: [mod('/')], what: 'Show these shortcuts' },
        { keys: [{ key: 'Esc' }], what: 'Back from an item; close a menu, form or this list' }
      ]
    },
    {
      title: 'Items',
      rows: [
        { keys: [mod('F')], what: 'Search items' },
        {
          keys: [{ key: '←' }, { key: '→' }, { key: '↑' }, { key: '↓' }],
          what: 'Move between cards'
        },
        { keys: [{ key: 'Home' }, { key: 'End' }], what: 'First or last card' },
        { keys: [{ key: 'Enter' }], what: 'Open the item' }
      ]
    },
    {
      title: 'Validate',
      rows: [
        { keys: [{ key: 'Enter' }], what: 'Check the code in the field' },
        { keys: [mod('Enter')], what: 'Bulk: check all the codes' }
      ]
    }
  ]
}

/** Every key the app answers, in the platform's notation; a modal dialog that gives the focus back. */
export function ShortcutsSheet(): React.JSX.Element | null {
  const open = useShortcutsSheet((s) => s.open)
  return open ? <Sheet /> : null
}

function Sheet(): React.JSX.Element {
  const close = useShortcutsSheet((s) => s.close)
  const mac = usePlatform((s) => s.mac)
  const dialogRef = useRef<HTMLDivElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    headingRef.current?.focus()
    // Back where the seller was; the page body when that element has gone meanwhile.
    return () => {
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') {
        // Handled here: a detail view behind must not also go Back.
        e.preventDefault()
        e.stopPropagation()
        close()
      } else if (e.key === 'Tab') {
        // One button inside: the focus stays in the dialog.
        e.preventDefault()
        dialogRef.current?.querySelector<HTMLElement>('button')?.focus()
      }
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [close])

  return createPortal(
    <div className={styles.backdrop} onClick={close}>
      <div
        ref={dialogRef}
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcuts-title"
        onClick={(e) => e.stopPropagation()}
      >
        <div className={styles.head}>
          <h2 id="shortcuts-title" ref={headingRef} tabIndex={-1} className={styles.title}>
            Keyboard shortcuts
          </h2>
          <Button
            variant="ghost"
            size="sm"
            icon={<X size={16} aria-hidden />}
            aria-label="Close"
            title="Close (Esc)"
            onClick={close}
          />
        </div>
        <div className={styles.groups}>
          {groups().map((g) => (
            <section key={g.title} aria-labelledby={`shortcuts-${g.title}`}>
              <h3 id={`shortcuts-${g.title}`} className={styles.group}>
                {g.title}
              </h3>
              <dl className={styles.list}>
                {g.rows.map((r) => (
                  <div key={`${g.title}-${r.what}`} className={styles.row}>
                    <dt className={styles.keys}>
                      {r.keys.map((k) => (
                        <kbd key={k.key}>{k.mod ? shortcutLabel(k.key, mac) : k.key}</kbd>
                      ))}
                    </dt>
                    <dd>{r.what}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </div>
    </div>,
    document.body
  )
}
