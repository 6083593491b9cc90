/** The shortest piece of the key worth hiding: shorter runs occur by chance in any text. */
export const MIN_KEY_FRAGMENT = 8

/** What a hidden piece of the key reads as. */
export const KEY_MASK = '•••'

/**
 * Text with the key, and every run of 8 or more characters that is part of it, masked.
 * A server may echo the key into a field or a message, and error messages quote raw
 * values cut short: a cut-off quote of the key is still a large share of it.
 */
export function scrubKey(whole: string, apiKey: string): string {
  if (apiKey === '') return whole
  // The whole key goes whatever its length; pieces only when long enough to mean something.
  const text = whole.split(apiKey).join(KEY_MASK)
  if (apiKey.length < MIN_KEY_FRAGMENT || text.length < MIN_KEY_FRAGMENT) return text
  let out = ''
  let i = 0
  while (i < text.length) {
    // The longest piece of the key starting here; only runs long enough are looked for.
    let len = 0
    if (
      i + MIN_KEY_FRAGMENT <= text.length &&
      apiKey.includes(text.slice(i, i + MIN_KEY_FRAGMENT))
    ) {
      len = MIN_KEY_FRAGMENT
      while (i + len < text.length && apiKey.includes(text.slice(i, i + len + 1))) len++
    }
    if (len > 0) {
      out += KEY_MASK
      i += len
    } else {
      out += text[i]
      i++
    }
  }
  return out
}
