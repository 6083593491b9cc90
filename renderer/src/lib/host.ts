/** The host part of a base URL for display ("market.example.com"), or the text itself. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl
  } catch {
    return baseUrl
  }
}
