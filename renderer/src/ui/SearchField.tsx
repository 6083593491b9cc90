import { Search, X } from 'lucide-react'
import styles from './SearchField.module.css'

export interface SearchFieldProps {
  value: string
  onChange(value: string): void
  /** The input's accessible name ("Search items"). */
  label: string
  placeholder: string
  /** The clear button's accessible name. */
  clearLabel?: string
  inputRef?: React.Ref<HTMLInputElement>
  /** Sizing in the caller's toolbar. */
  className?: string
  /** A landmark when the page has no other search. */
  landmark?: boolean
  /** The key that jumps here, as a tooltip ("Ctrl+F") and for assistive tech ("Control+F"). */
  shortcut?: { label: string; aria: string }
}

/**
 * A search box that filters as the seller types: magnifier, our own clear button (the
 * engine's differs per platform), and Escape clears without also closing the view.
 */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
  clearLabel = 'Clear search',
  inputRef,
  className,
  landmark = false,
  shortcut
}: SearchFieldProps): React.JSX.Element {
  return (
    <div
      className={[styles.field, className ?? ''].filter(Boolean).join(' ')}
      role={landmark ? 'search' : undefined}
    >
      <Search size={16} className={styles.icon} aria-hidden />
      <input
        ref={inputRef}
        type="search"
        aria-label={label}
        title={shortcut ? `${label} (${shortcut.label})` : undefined}
        aria-keyshortcuts={shortcut?.aria}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value) {
            e.stopPropagation()
            onChange('')
          }
        }}
        spellCheck={false}
        autoComplete="off"
      />
      {value && (
        <button
          type="button"
          className={styles.clear}
          aria-label={clearLabel}
          title="Clear search"
          onClick={() => onChange('')}
        >
          <X size={14} aria-hidden />
        </button>
      )}
    </div>
  )
}
