/** "2026-11-27" in this computer's time zone: a seller's day is the one on their clock. */
export function localDay(at: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

/** Local midnight starting `at`'s day. */
export function startOfLocalDay(at: Date): Date {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate())
}

/** The first of `at`'s month, local time. */
export function startOfLocalMonth(at: Date): Date {
  return new Date(at.getFullYear(), at.getMonth(), 1)
}
