import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { startOnDemo } from './harness'

// Issue 14 point 8 (WCAG 2.5.3 Label in Name): a seller using speech input says what they
// see ("click Demo marketplace"), so a control's accessible name must contain its visible
// text. axe's label-in-name rule is experimental and outside the walk in a11y.test.ts;
// this reads the name Chromium itself computes, the one assistive technology is given.

interface Named {
  what: string
  name: string
  visible: string
}

/**
 * The words, whitespace-normalised. A token of symbols only (the "/" between a card's two
 * prices is aria-hidden) is left out: speech input says words, and WCAG's Understanding
 * 2.5.3 lets punctuation and symbols differ.
 */
const words = (s: string): string =>
  s
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .join(' ')

/**
 * Chromium's accessible name for the element (through DevTools' accessibility tree) and
 * the text a sighted seller sees on it: its rendered text without screen-reader-only words.
 */
async function nameAndVisibleText(page: Page, what: string, target: Locator): Promise<Named> {
  await target.waitFor()
  const visible = await target.evaluate((el) => {
    // The node project has no DOM lib: the few members used here, typed by hand.
    interface El {
      innerText: string
      style: { display: string }
      querySelectorAll(s: string): Iterable<El>
    }
    const root = el as unknown as El
    // Shown to screen readers only: hidden for the moment of reading what is on screen.
    const hidden = Array.from(root.querySelectorAll('.visually-hidden'))
    for (const h of hidden) h.style.display = 'none'
    const text = root.innerText
    for (const h of hidden) h.style.display = ''
    return text
  })
  await target.evaluate((el) => el.setAttribute('data-name-probe', ''))
  const cdp = await page.context().newCDPSession(page)
  try {
    const found = await cdp.send('Runtime.evaluate', {
      expression: 'document.querySelector("[data-name-probe]")'
    })
    const objectId = found.result.objectId
    if (!objectId) throw new Error(`${what}: not found in the page`)
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      objectId,
      fetchRelatives: false
    })
    const name = nodes[0]?.name?.value
    return { what, name: words(typeof name === 'string' ? name : ''), visible: words(visible) }
  } finally {
    await cdp.detach()
    await target.evaluate((el) => el.removeAttribute('data-name-probe'))
  }
}

describe('Accessible names contain the visible label', () => {
  it('for the connection switcher, an item card and the Validate item mini-card', async () => {
    const { h, market } = await startOnDemo()
    const { page } = h
    await page.getByTestId('balance').waitFor()
    const named: Named[] = []

    named.push(
      await nameAndVisibleText(
        page,
        'connection switcher',
        page.locator('button[aria-haspopup="menu"]').first()
      )
    )

    await page.keyboard.press('Control+2')
    const list = page.getByRole('list', { name: 'Items' })
    named.push(
      await nameAndVisibleText(
        page,
        'item card',
        list.getByRole('listitem').first().getByRole('button').first()
      )
    )

    await page.keyboard.press('Control+K')
    await page.getByRole('heading', { name: 'Validate', level: 1 }).waitFor()
    await page.getByLabel('Purchase code', { exact: true }).fill(market.sampleCodes.valid)
    await page.keyboard.press('Enter')
    const card = page.locator('article[aria-labelledby="verdict-word"]')
    await card.getByRole('heading', { name: 'Valid · support active', exact: true }).waitFor()
    named.push(
      await nameAndVisibleText(page, 'Validate item mini-card', card.locator('button').first())
    )

    // Each has words on screen (else "contains" proves nothing), all of them in its name.
    for (const n of named) expect(n.visible, n.what).not.toBe('')
    expect(named.filter((n) => !n.name.includes(n.visible))).toEqual([])
  })
})
