import { useMemo, type MouseEvent } from 'react'
import { sanitizeHtml } from '../lib/sanitize'
import { openExternal } from '../lib/external'
import styles from './SafeHtml.module.css'

interface SafeHtmlProps {
  /** Seller-written HTML, straight from the model: sanitised here, never before. */
  html: string
  className?: string
  /** Accessible name for the region, e.g. "Item description". */
  label?: string
}

/**
 * Renders seller HTML after sanitising it. Links never navigate the app window: a click
 * (or Enter, which fires click) goes to the system browser through openExternal.
 */
export function SafeHtml({ html, className, label }: SafeHtmlProps): React.JSX.Element {
  const clean = useMemo(() => sanitizeHtml(html), [html])

  const onClick = (event: MouseEvent<HTMLDivElement>): void => {
    const target = event.target
    if (!(target instanceof Element)) return
    const link = target.closest('a')
    if (!link) return
    event.preventDefault()
    const href = link.getAttribute('href')
    if (href) void openExternal(href)
  }

  // Middle-click would otherwise ask for a new window (denied by main, but noisy).
  const onAuxClick = (event: MouseEvent<HTMLDivElement>): void => {
    if (event.target instanceof Element && event.target.closest('a')) event.preventDefault()
  }

  return (
    <div
      className={className ? `${styles.html} ${className}` : styles.html}
      role={label ? 'region' : undefined}
      aria-label={label}
      onClick={onClick}
      onAuxClick={onAuxClick}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  )
}
