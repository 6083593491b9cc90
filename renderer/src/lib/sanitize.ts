import createDOMPurify, { type DOMPurify } from 'dompurify'

/**
 * Seller-written HTML (item and profile descriptions) is untrusted: a marketplace may
 * hold anything a seller typed. Only text formatting and links survive; images are
 * dropped because main's media route only fetches URLs the API itself returned, so a
 * description image could never load (and would be a tracking beacon if it could).
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'code',
  'pre',
  'kbd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'a'
]
// No class/style/id: seller CSS could overlay the app's own controls.
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan']

/** Only links the system browser may open (main refuses anything else too). */
export function safeLinkTarget(href: string | null | undefined): string | null {
  if (!href) return null
  let url: URL
  try {
    url = new URL(href.trim())
  } catch {
    return null
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
}

let instance: DOMPurify | null = null

function purifier(): DOMPurify {
  if (instance) return instance
  // A private instance, so these hooks never leak into another caller's DOMPurify.
  const purify = createDOMPurify(window)
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return
    const target = safeLinkTarget(node.getAttribute('href'))
    if (target) {
      node.setAttribute('href', target)
      node.setAttribute('rel', 'noopener noreferrer')
    } else {
      node.removeAttribute('href')
    }
  })
  instance = purify
  return instance
}

const looksLikeHtml = /<\/?[a-z][^>]*>|&[a-z#0-9]+;/i

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Plain text keeps its paragraphs and line breaks instead of running together. */
function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((para) => `<p>${escapeText(para).replace(/\n/g, '<br>')}</p>`)
    .join('')
}

export function sanitizeHtml(html: string): string {
  const source = looksLikeHtml.test(html) ? html : textToHtml(html)
  return purifier().sanitize(source, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^https?:/i,
    KEEP_CONTENT: true
  })
}
