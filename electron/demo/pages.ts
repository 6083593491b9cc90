/** The HTML a themed Laravel site shows: error pages and the home page browsers land on. */

const REASONS: Record<number, string> = {
  301: 'Moved Permanently',
  302: 'Found',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  419: 'Page Expired',
  429: 'Too Many Requests',
  500: 'Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout'
}

export const reasonOf = (status: number): string =>
  REASONS[status] ?? (status < 400 ? 'OK' : 'Error')

function shell(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}main{text-align:center}h1{font-size:4rem;margin:0;color:#6366f1}p{color:#475569}</style>
</head>
<body><main>${body}</main></body>
</html>
`
}

export function errorPage(status: number): string {
  const reason = reasonOf(status)
  return shell(
    `${reason} | Lumen Market`,
    `<h1>${status}</h1><p>${reason}</p><p><a href="/">Back to the marketplace</a></p>`
  )
}

export function homePage(): string {
  return shell('Lumen Market', '<h1>Lumen Market</h1><p>The demo marketplace for Seller Desk.</p>')
}
