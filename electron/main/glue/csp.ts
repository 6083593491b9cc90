/** Adds the policy to a response's headers, replacing any the server sent itself. */
export function withCsp(
  headers: Record<string, string | string[]> | undefined,
  policy: string
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') out[name] = value
  }
  out['Content-Security-Policy'] = [policy]
  return out
}
