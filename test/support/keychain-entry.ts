/**
 * The API key inside a keychain entry as Seller Desk writes it ({sealed, origin, key}: the
 * key bound to the origin it may be sent to); a plain entry (saved before keys were
 * bound) is the key itself. Null stays null.
 */
export function savedKey(entry: string | null): string | null {
  if (entry === null || !entry.startsWith('{')) return entry
  const parsed = JSON.parse(entry) as { key?: unknown }
  return typeof parsed.key === 'string' ? parsed.key : entry
}
