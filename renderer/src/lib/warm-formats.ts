import { locale } from './format'

/**
 * Creates the number and date formats the first screen uses. ICU's first use in a process
 * loads its data (20–45 ms here); after that a new format takes well under a millisecond.
 */
export function warmFormats(): void {
  const l = locale()
  new Intl.NumberFormat(l, { style: 'currency', currency: 'USD' }).format(1)
  new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', year: 'numeric' }).format(0)
  new Intl.DateTimeFormat(l, {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit'
  }).format(0)
}
