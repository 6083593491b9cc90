/**
 * The page's Content-Security-Policy, taken from the built index.html's meta tag so the
 * two transports enforce one policy. As a header it can also forbid framing, which a
 * meta tag cannot.
 */
export function cspFromIndexHtml(html: string): string {
  const meta =
    /<meta\s(?:[^>"']|"[^"]*"|'[^']*')*http-equiv=["']Content-Security-Policy["'](?:[^>"']|"[^"]*"|'[^']*')*>/i.exec(
      html
    )
  const content = meta ? /\scontent=(?:"([^"]*)"|'([^']*)')/i.exec(meta[0]) : null
  const raw = content ? (content[1] ?? content[2]) : undefined
  if (!raw) throw new Error('The built index.html has no Content-Security-Policy meta tag.')
  const policy = raw.replace(/\s+/g, ' ').trim().replace(/;\s*$/, '')
  return /frame-ancestors/.test(policy) ? policy : `${policy}; frame-ancestors 'none'`
}
