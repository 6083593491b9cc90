import { ScanLine } from 'lucide-react'
import type { ClipboardEvent, ReactNode, Ref } from 'react'
import { scanForCode } from '../../../shared/purchase-code'
import { Button } from './Button'
import code from './CodeCheck.module.css'

interface CodeFieldProps {
  id: string
  inputRef: Ref<HTMLInputElement>
  value: string
  onChange(value: string): void
  /**
   * A paste that replaces the whole field and holds a code: checked at once with the pasted
   * text (the code, not the text around it). Anything else just lands in the field.
   */
  onPasteCode?(text: string): void
  placeholder: string
  /** Ids the input is described by: the hint first, then any warning the form shows. */
  describedBy: string
  busy: boolean
  disabled: boolean
  /** Secondary where Enter opens a record rather than checking (the quick window). */
  variant?: 'primary' | 'secondary'
  hintId: string
  hint: ReactNode
}

/**
 * The purchase-code field with its Check button and hint: the one the Validate view and the
 * quick lookup window both show, so a code is typed and pasted the same way in each.
 */
export function CodeField({
  id,
  inputRef,
  value,
  onChange,
  onPasteCode,
  placeholder,
  describedBy,
  busy,
  disabled,
  variant = 'primary',
  hintId,
  hint
}: CodeFieldProps): React.JSX.Element {
  const onPaste = (e: ClipboardEvent<HTMLInputElement>): void => {
    if (!onPasteCode) return
    const text = e.clipboardData.getData('text')
    const field = e.currentTarget
    const replacesAll =
      field.value === '' ||
      (field.selectionStart === 0 && field.selectionEnd === field.value.length)
    if (!replacesAll || scanForCode(text).kind === 'none') return
    e.preventDefault()
    onPasteCode(text)
  }
  return (
    <>
      <label htmlFor={id} className={code.label}>
        Purchase code
      </label>
      <div className={code.fieldRow}>
        <input
          ref={inputRef}
          id={id}
          className={code.codeInput}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onPaste={onPaste}
          placeholder={placeholder}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          maxLength={200}
          aria-describedby={describedBy}
        />
        <Button
          type="submit"
          variant={variant}
          icon={<ScanLine size={16} aria-hidden />}
          busy={busy}
          disabled={disabled}
        >
          Check
        </Button>
      </div>
      <p id={hintId} className={code.hint}>
        {hint}
      </p>
    </>
  )
}
