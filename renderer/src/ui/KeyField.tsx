import { useState, type InputHTMLAttributes, type Ref } from 'react'
import { Eye, EyeOff } from 'lucide-react'
import { Button } from './Button'
import styles from './Field.module.css'

export interface KeyFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'className' | 'ref'
> {
  id: string
  value: string
  onChange(value: string): void
  inputRef?: Ref<HTMLInputElement>
}

/**
 * An API key input, hidden until Show, never autocompleted or spell-checked, trimmed on
 * blur. The label is the caller's (`htmlFor` the same id).
 */
export function KeyField({ value, onChange, inputRef, ...rest }: KeyFieldProps): React.JSX.Element {
  const [shown, setShown] = useState(false)
  return (
    <div className={styles.keyRow}>
      <input
        ref={inputRef}
        className={`${styles.input} ${styles.mono}`}
        type={shown ? 'text' : 'password'}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        // Pasted keys often carry a newline or spaces from the page they came from.
        onBlur={(e) => onChange(e.target.value.trim())}
        {...rest}
      />
      <Button
        variant="ghost"
        size="sm"
        className={styles.reveal}
        icon={shown ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? 'Hide' : 'Show'}
      </Button>
    </div>
  )
}
