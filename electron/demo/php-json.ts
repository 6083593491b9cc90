/**
 * JSON as PHP's json_encode writes it with default flags: `/` escaped as `\/` and every
 * non-ASCII UTF-16 unit as `\uXXXX` (real-installs §33). Both only ever occur
 * inside strings in JSON text, so rewriting the serialised text is safe.
 */
export function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** `2024-03-02T14:05:51.000000Z`: Laravel's serialised Carbon dates (real-installs §28). */
export function microTimestamp(iso: string): string {
  return new Date(iso).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z')
}

const scratch = new Float64Array(1)
const bits = new BigUint64Array(scratch.buffer)

/**
 * The next double below a value: what a decimal that went through float arithmetic in
 * PHP often comes out as (21.1 -> 21.099999999999998, real-installs §25). Whole numbers stay whole.
 */
export function floatArtefact(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value) || value === 0) return value
  scratch[0] = value
  bits[0] = bits[0]! - 1n
  return scratch[0]
}
