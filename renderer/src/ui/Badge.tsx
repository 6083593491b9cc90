import type { ReactNode } from 'react'
import styles from './Badge.module.css'

export type BadgeTone = 'neutral' | 'accent' | 'ok' | 'warn' | 'danger'

/** A compact label such as "Demo" or a kind; meaning comes from the word, not the colour. */
export function Badge({
  tone = 'neutral',
  children,
  icon
}: {
  tone?: BadgeTone
  children: ReactNode
  icon?: ReactNode
}): React.JSX.Element {
  return (
    <span className={`${styles.badge} ${styles[tone]}`}>
      {icon}
      {children}
    </span>
  )
}
