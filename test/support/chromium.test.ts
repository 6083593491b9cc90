import { readFile } from 'node:fs/promises'
import type { Browser } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { launchChromium } from './chromium'

let browser: Browser | null = null
afterEach(async () => {
  await browser?.close()
  browser = null
})

/** Opens one page in a fresh context, as the bench and the harness do; the addresses of every target. */
async function targetsOfOnePage(b: Browser): Promise<string[]> {
  const context = await b.newContext()
  const page = await context.newPage()
  await page.goto('data:text/html,<p>one page</p>')
  const cdp = await b.newBrowserCDPSession()
  const { targetInfos } = await cdp.send('Target.getTargets')
  await cdp.detach()
  return targetInfos.map((t) => t.url)
}

/** What the browser says it is: product and version, source revision, V8 version. */
async function browserVersion(
  b: Browser
): Promise<{ product: string; revision: string; jsVersion: string }> {
  const cdp = await b.newBrowserCDPSession()
  const version = await cdp.send('Browser.getVersion')
  await cdp.detach()
  return version
}

/** The features Chromium's renderers were started with turned off (Linux: their command line). */
async function rendererDisabledFeatures(b: Browser): Promise<Set<string>> {
  const cdp = await b.newBrowserCDPSession()
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo')
  await cdp.detach()
  const renderer = processInfo.find((p) => p.type === 'renderer')
  if (!renderer) throw new Error('no renderer process')
  // Chromium rewrites its children's argv into one string (setproctitle).
  const cmdline = await readFile(`/proc/${renderer.id}/cmdline`, 'utf8')
  const list = /--disable-features=(\S*)/.exec(cmdline)?.[1] ?? ''
  return new Set(list.split(',').filter(Boolean))
}

describe('the Chromium the bench and the end-to-end suite drive', () => {
  it('loads no page of its own address bar beside the page under test', async () => {
    browser = await launchChromium()
    const urls = await targetsOfOnePage(browser)
    expect(urls).toEqual(['data:text/html,<p>one page</p>'])
  })

  it('loads them with browserUi (as the bench did before): what the default leaves out', async () => {
    browser = await launchChromium({ browserUi: true })
    const urls = await targetsOfOnePage(browser)
    expect(urls.some((u) => u.startsWith('chrome://omnibox-popup.top-chrome/'))).toBe(true)
  })

  it('has a headless shell of the same build, for the end-to-end suite, that loads only the page', async () => {
    browser = await launchChromium()
    const whole = await browserVersion(browser)
    await browser.close()
    browser = await launchChromium({ shell: true })
    const shell = await browserVersion(browser)
    // The same source and V8: a shell of another build would test another engine.
    expect(shell.revision).toBe(whole.revision)
    expect(shell.jsVersion).toBe(whole.jsVersion)
    expect(whole.product).toMatch(/^Chrome\//)
    expect(shell.product).toBe(`Headless${whole.product}`)
    expect(await targetsOfOnePage(browser)).toEqual(['data:text/html,<p>one page</p>'])
  })

  it('keeps every feature Playwright turns off, though Chromium takes only the last --disable-features', async () => {
    browser = await launchChromium({ browserUi: true })
    await targetsOfOnePage(browser)
    const playwrights = await rendererDisabledFeatures(browser)
    await browser.close()
    // Read from the renderer, so a newer Playwright's longer list shows up here.
    expect(playwrights).toContain('PaintHolding')
    browser = await launchChromium()
    await targetsOfOnePage(browser)
    const ours = await rendererDisabledFeatures(browser)
    for (const f of playwrights) expect(ours, f).toContain(f)
  })
})
