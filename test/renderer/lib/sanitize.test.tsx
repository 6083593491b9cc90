import { describe, expect, it, vi, afterEach } from 'vitest'
import { render, screen, fireEvent } from '@testing-library/react'
import { sanitizeHtml, safeLinkTarget } from '../../../renderer/src/lib/sanitize'
import { SafeHtml } from '../../../renderer/src/ui/SafeHtml'
import { installFakeBridge } from '../fake-bridge'

function parse(html: string): HTMLElement {
  const div = document.createElement('div')
  div.innerHTML = html
  return div
}

describe('sanitizeHtml', () => {
  it('keeps formatting and http(s) links', () => {
    const out = parse(
      sanitizeHtml(
        '<h2>Features</h2><p><strong>Fast</strong> and <em>light</em></p><ul><li>One</li></ul><a href="https://example.com/docs">Docs</a>'
      )
    )
    expect(out.querySelector('h2')?.textContent).toBe('Features')
    expect(out.querySelector('strong')?.textContent).toBe('Fast')
    expect(out.querySelector('li')?.textContent).toBe('One')
    const link = out.querySelector('a')
    expect(link?.getAttribute('href')).toBe('https://example.com/docs')
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('drops scripts with their content, event handlers and images', () => {
    const out = sanitizeHtml(
      '<p>Hi</p><script>window.pwned = 1</script><img src=x onerror="window.pwned=2"><b onclick="x()">bold</b>'
    )
    expect(out).not.toMatch(/script|pwned|onerror|onclick|<img/i)
    expect(parse(out).textContent).toBe('Hibold')
  })

  it('removes javascript:, data: and relative hrefs but keeps the link text', () => {
    const out = parse(
      sanitizeHtml(
        '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="data:text/html,<script>alert(1)</script>">c</a><a href="/local">d</a><a href="java&#x09;script:alert(1)">e</a>'
      )
    )
    expect(out.textContent).toBe('abcde')
    for (const a of out.querySelectorAll('a')) expect(a.hasAttribute('href')).toBe(false)
  })

  it('drops style, iframe, form, svg, object and inline styles or classes', () => {
    const out = sanitizeHtml(
      '<style>body{display:none}</style><iframe src="https://evil.test"></iframe><form action="https://evil.test"><input name=q><button>Go</button></form><svg><script>alert(1)</script></svg><object data="x"></object><p style="position:fixed" class="overlay" id="root">text</p>'
    )
    expect(out).not.toMatch(
      /<style|<iframe|<form|<input|<svg|<object|style=|class=|id=|display:none/i
    )
    expect(parse(out).textContent).toContain('text')
  })

  it('keeps plain-text paragraphs and line breaks, escaped', () => {
    const out = parse(sanitizeHtml('Line one\nline two\n\nSecond 1 < 2 paragraph'))
    const paras = out.querySelectorAll('p')
    expect(paras).toHaveLength(2)
    expect(paras[0]!.querySelector('br')).not.toBeNull()
    expect(paras[1]!.textContent).toBe('Second 1 < 2 paragraph')
  })

  it('safeLinkTarget accepts only absolute http(s)', () => {
    expect(safeLinkTarget('https://a.test/x?y=1')).toBe('https://a.test/x?y=1')
    expect(safeLinkTarget('http://a.test')).toBe('http://a.test/')
    expect(safeLinkTarget('javascript:alert(1)')).toBeNull()
    expect(safeLinkTarget('file:///etc/passwd')).toBeNull()
    expect(safeLinkTarget('/relative')).toBeNull()
    expect(safeLinkTarget('')).toBeNull()
    expect(safeLinkTarget(null)).toBeNull()
  })
})

describe('SafeHtml', () => {
  afterEach(() => vi.restoreAllMocks())

  it('opens links through the bridge instead of navigating', () => {
    const bridge = installFakeBridge()
    render(
      <SafeHtml
        html={'<p>See <a href="https://example.com/demo">the demo</a></p>'}
        label="Item description"
      />
    )
    const link = screen.getByRole('link', { name: 'the demo' })
    const event = new MouseEvent('click', { bubbles: true, cancelable: true })
    fireEvent(link, event)
    expect(event.defaultPrevented).toBe(true)
    expect(bridge.calls.openExternal).toEqual([{ url: 'https://example.com/demo' }])
  })

  it('renders hostile markup inert', () => {
    const bridge = installFakeBridge()
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined)
    const { container } = render(
      <SafeHtml
        html={
          '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">click me</a>'
        }
      />
    )
    expect(container.querySelector('img, script')).toBeNull()
    const text = screen.getByText('click me')
    expect(text.getAttribute('href')).toBeNull()
    fireEvent.click(text)
    expect(alert).not.toHaveBeenCalled()
    expect(bridge.calls.openExternal ?? []).toEqual([])
  })
})
