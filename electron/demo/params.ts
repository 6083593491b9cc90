import type { IncomingHttpHeaders } from 'node:http'

/**
 * Request parameters the way Laravel reads them (real-installs §8): a JSON body when
 * the content type says JSON, else the form body for non-GET requests, each merged over
 * the query string (the body wins); never headers. TrimStrings and
 * ConvertEmptyStringsToNull then make "  " and "" count as missing.
 */
export type Params = Record<string, unknown>

function isJsonType(headers: IncomingHttpHeaders): boolean {
  const type = headers['content-type'] ?? ''
  return /[/+]json\b/i.test(type)
}

function fromSearch(search: URLSearchParams): Params {
  const out: Params = {}
  // PHP keeps the last of repeated plain keys.
  for (const [k, v] of search) out[k] = v
  return out
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') {
    const t = value.trim()
    return t === '' ? null : t
  }
  return value
}

export function readParams(
  method: string,
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  body: string
): Params {
  let source: Params = {}
  if (isJsonType(headers)) {
    try {
      const parsed: unknown = JSON.parse(body)
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        source = parsed as Params
    } catch {
      // An unreadable JSON body is an empty one to Laravel.
    }
  } else if (
    method !== 'GET' &&
    method !== 'HEAD' &&
    /application\/x-www-form-urlencoded/i.test(headers['content-type'] ?? '')
  ) {
    source = fromSearch(new URLSearchParams(body))
  }
  const merged: Params = { ...fromSearch(query), ...source }
  for (const key of Object.keys(merged)) merged[key] = clean(merged[key])
  return merged
}

/** A present parameter as text (JSON numbers count), or null when missing. */
export function textParam(params: Params, name: string): string | null {
  const v = params[name]
  if (typeof v === 'string') return v
  if (typeof v === 'number' && Number.isFinite(v)) return String(v)
  if (v === undefined || v === null) return null
  // Arrays and objects pass Laravel's "required" but never match anything.
  return JSON.stringify(v)
}

export function isPresent(params: Params, name: string): boolean {
  const v = params[name]
  return v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0)
}

/** Laravel's "integer" rule: FILTER_VALIDATE_INT on strings, whole numbers from JSON. */
export function integerParam(params: Params, name: string): number | null {
  const v = params[name]
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null
  if (typeof v === 'string' && /^[+-]?(0|[1-9]\d*)$/.test(v)) {
    const n = Number(v)
    return Number.isSafeInteger(n) ? n : null
  }
  return null
}
