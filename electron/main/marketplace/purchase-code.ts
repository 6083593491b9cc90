const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const QUOTES = `"'\`\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u00ab\u00bb`
/** Zero-width characters and the BOM ride along when codes are copied from web pages and e-mails. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g

/**
 * What a seller pasted, as the server expects it: trimmed, surrounding quotes removed,
 * lower-case (real-server point 10). `looksLikeUuid` feeds a warning in the UI only: a
 * code that is not a UUID is still sent, never refused here.
 */
export function normalisePurchaseCode(input: string): { code: string; looksLikeUuid: boolean } {
  let code = input.replace(INVISIBLE, '').trim()
  for (;;) {
    const first = code.charAt(0)
    const last = code.charAt(code.length - 1)
    if (code.length >= 2 && QUOTES.includes(first) && QUOTES.includes(last)) {
      code = code.slice(1, -1).trim()
    } else break
  }
  code = code.toLowerCase()
  return { code, looksLikeUuid: UUID.test(code) }
}
