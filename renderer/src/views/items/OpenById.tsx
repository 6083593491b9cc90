import { useState, type FormEvent } from 'react'
import { ArrowRight } from 'lucide-react'
import { Button } from '../../ui/Button'
import styles from './OpenById.module.css'

/**
 * A real install lists nothing when a shop has 0 or 1 item; the single-item read still
 * works, so the seller can reach an item by its id.
 */
export function OpenById({ onOpen }: { onOpen(id: number): void }): React.JSX.Element {
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (e: FormEvent): void => {
    e.preventDefault()
    const trimmed = value.trim()
    const id = Number(trimmed)
    if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(id) || id <= 0) {
      setProblem('An item id is a whole number, like 12.')
      return
    }
    setProblem(null)
    onOpen(id)
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label className={styles.label} htmlFor="open-item-id">
        Item id
      </label>
      <div className={styles.row}>
        <input
          id="open-item-id"
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'open-item-id-problem' : undefined}
        />
        <Button type="submit" variant="primary" icon={<ArrowRight size={16} aria-hidden />}>
          Open item
        </Button>
      </div>
      {problem && (
        <p id="open-item-id-problem" className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </form>
  )
}
