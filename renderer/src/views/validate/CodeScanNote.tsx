import { ListChecks, ScanSearch, Send } from 'lucide-react'
import { isOneWord, MAX_SCANNED_TEXT, shortCode } from '../../../../shared/purchase-code'
import { Button } from '../../ui/Button'
import styles from './Validate.module.css'

const CUT_NOTE = ` Only the first ${MAX_SCANNED_TEXT.toLocaleString('en')} characters of the paste were searched.`

/**
 * What the field's text held, said under it: the code checked when it came out of a
 * longer text, the offer to check all of several in Bulk, or that no code was found (before
 * anything is sent, with "Check anyway").
 */
export function CodeScanNote({
  found,
  noCode,
  checked,
  onCheckAnyway,
  onCheckAll,
  cut = false
}: {
  found: { text: string; codes: string[] } | null
  noCode: string | null
  /** Only the start of a huge paste was searched: said after the finding. */
  cut?: boolean
  checked: string | null
  onCheckAnyway(text: string): void
  onCheckAll(text: string): void
}): React.JSX.Element | null {
  if (noCode !== null) {
    // Main refuses text with a space or line break outright, so "Check anyway" is only
    // offered for one word: that send is real and its verdict shows.
    if (!isOneWord(noCode)) {
      return (
        <div className={styles.scanNote} role="alert" data-kind="none">
          <ScanSearch size={16} aria-hidden />
          <p>
            No purchase code found in this text: a code has no spaces, so paste just the code.
            {cut && CUT_NOTE}
          </p>
        </div>
      )
    }
    return (
      <div className={styles.scanNote} role="alert" data-kind="none">
        <ScanSearch size={16} aria-hidden />
        <p>No purchase code found in this text: a code looks like 3f1c2a9e-7b4d-…, one word.</p>
        <Button
          size="sm"
          icon={<Send size={14} aria-hidden />}
          onClick={() => onCheckAnyway(noCode)}
        >
          Check anyway
        </Button>
      </div>
    )
  }
  if (found === null || checked === null) return null
  const n = found.codes.length
  return (
    <div className={styles.scanNote} role="status" data-kind={n > 1 ? 'many' : 'one'}>
      <ScanSearch size={16} aria-hidden />
      <p>
        {n > 1 ? `The text holds ${n} codes: checked the first, ` : 'Found in the text: checked '}
        <span className="mono" title={checked}>
          {shortCode(checked)}
        </span>
        .{cut && CUT_NOTE}
      </p>
      {n > 1 && (
        <Button
          size="sm"
          icon={<ListChecks size={14} aria-hidden />}
          onClick={() => onCheckAll(found.text)}
        >
          Check all {n} in Bulk
        </Button>
      )}
    </div>
  )
}
