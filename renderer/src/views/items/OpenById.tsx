import { useId, useState, type FormEvent } from 'react'
import { Plus } from 'lucide-react'
import type { AddByIdOutcome } from '../../stores/items'
import { Button } from '../../ui/Button'
import styles from './OpenById.module.css'

interface OpenByIdProps {
  /** Reads the item and puts it in the list. */
  onAdd(id: number): Promise<AddByIdOutcome>
  /** Offered next to "Added …", so the seller can go straight to the item. */
  onOpen?(id: number): void
  autoFocus?: boolean
}

type Said = { tone: 'problem'; text: string } | { tone: 'done'; text: string; id: number }

/**
 * A real install lists nothing when a shop has 0 or 1 item, and fails the whole list when
 * one item lacks a sub-category; the single-item read still works, so the seller can add
 * an item to the list by its id.
 */
export function OpenById({ onAdd, onOpen, autoFocus }: OpenByIdProps): React.JSX.Element {
  const fieldId = useId()
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<Said | null>(null)
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    const trimmed = value.trim()
    const id = Number(trimmed)
    if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(id) || id <= 0) {
      setSaid({ tone: 'problem', text: 'An item id is a whole number, like 12.' })
      return
    }
    setBusy(true)
    setSaid(null)
    const outcome = await onAdd(id)
    setBusy(false)
    if (!outcome.ok) {
      setSaid({ tone: 'problem', text: outcome.error.message })
      return
    }
    setValue('')
    const name = outcome.item.name
    setSaid({
      tone: 'done',
      id: outcome.item.id,
      text: outcome.alreadyListed ? `“${name}” is already in the list.` : `Added “${name}”.`
    })
  }
  const problemId = `${fieldId}-problem`
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <label className={styles.label} htmlFor={fieldId}>
        Item id
      </label>
      <div className={styles.row}>
        <input
          id={fieldId}
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          autoFocus={autoFocus}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={said?.tone === 'problem' ? true : undefined}
          aria-describedby={said?.tone === 'problem' ? problemId : undefined}
        />
        <Button type="submit" variant="primary" busy={busy} icon={<Plus size={16} aria-hidden />}>
          Add item
        </Button>
      </div>
      {said?.tone === 'problem' && (
        <p id={problemId} className={styles.problem} role="alert">
          {said.text}
        </p>
      )}
      {said?.tone === 'done' && (
        <p className={styles.done} role="status">
          {said.text}{' '}
          {onOpen && (
            <Button size="sm" variant="ghost" onClick={() => onOpen(said.id)}>
              Open it
            </Button>
          )}
        </p>
      )}
    </form>
  )
}
