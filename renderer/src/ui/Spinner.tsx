import { LoaderCircle } from 'lucide-react'
import styles from './Spinner.module.css'

/** The one working indicator: a turning circle, hidden from assistive tech (say it in words). */
export function Spinner({ size = 16 }: { size?: number }): React.JSX.Element {
  return <LoaderCircle className={styles.spin} size={size} aria-hidden />
}
