import { FlaskConical } from 'lucide-react'
import type { SampleCodes as Samples } from '../../../../shared/ipc/contract'
import styles from './Validate.module.css'

const SAMPLES: ReadonlyArray<{ key: keyof Samples; label: string }> = [
  { key: 'valid', label: 'Valid' },
  { key: 'expired', label: 'Support expired' },
  { key: 'noSupport', label: 'No support' },
  { key: 'invalid', label: 'Invalid' }
]

/**
 * On the demo marketplace: one click checks a code that ends in each verdict, so the
 * main feature can be tried without a buyer or a terminal.
 */
export function SampleCodes({
  samples,
  onCheck
}: {
  samples: Samples
  onCheck(code: string): void
}): React.JSX.Element {
  return (
    <section className={styles.samples} aria-labelledby="samples-title">
      <h2 id="samples-title" className={styles.samplesTitle}>
        <FlaskConical size={14} aria-hidden />
        Try a demo code
      </h2>
      <ul className={styles.sampleList}>
        {SAMPLES.map(({ key, label }) => (
          <li key={key}>
            <button
              type="button"
              className={styles.sample}
              onClick={() => onCheck(samples[key])}
              title={samples[key]}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
