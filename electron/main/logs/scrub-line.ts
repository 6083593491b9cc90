import { KEY_MASK, scrubKey } from '../marketplace/scrub'

// A purchase code (UUID-shaped) anywhere in a line.
const PURCHASE_CODE = /\b[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\b/gi
// A key the log was never told about still looks like one: a long unbroken token.
const LONG_TOKEN = /\b[A-Za-z0-9_\-+/=]{32,}\b/g

/**
 * What every log line goes through before it is written or copied: each key main has held
 * masked by the marketplace's own scrubber (whole, pieces, encodings), then any purchase
 * code and any key-like token it could not know of.
 */
export function scrubLine(line: string, keys: Iterable<string>): string {
  let out = line
  for (const key of keys) out = scrubKey(out, key)
  return out.replace(PURCHASE_CODE, '[purchase code]').replace(LONG_TOKEN, KEY_MASK)
}
