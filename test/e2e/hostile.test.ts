import { describe, expect, it } from 'vitest'
import type { DemoItem } from '../../electron/demo'
import { startHarness } from './harness'
import { demoWithHandle, openItems } from './items-helpers'
import type { PG } from './page-globals'

// A seller's description is untrusted HTML. Every payload below would set window.__sdPwned
// (or open a dialog) if it ran; none may, and the links that survive open through the
// bridge in the system browser, never in the app's own window.

const SET = (tag: string): string => `window.__sdPwned='${tag}'`
const SAFE_LINK = 'https://docs.example.org/guide'

const HOSTILE: DemoItem = {
  id: 990_001,
  name: 'Hostile Sampler <img src=x onerror="window.__sdPwned=\'name\'">',
  description:
    '<p>Sixty seamless patterns. <a href="' +
    SAFE_LINK +
    '" target="_blank">Read the guide</a></p>' +
    `<script>${SET('script')}</script>` +
    `<img src=x onerror="${SET('img')}">` +
    `<svg onload="${SET('svg')}"><script>${SET('svg-script')}</script></svg>` +
    `<p><a id="js-link" href="javascript:${SET('js-link')}">Open the pattern viewer</a></p>` +
    `<p><a href=" JaVaScRiPt:${SET('js-mixed')}">Mixed case</a></p>` +
    `<iframe srcdoc="<script>parent.__sdPwned='iframe'</script>"></iframe>` +
    `<p id="styled" style="position:fixed;inset:0;background:red" onclick="${SET('onclick')}" onmouseover="${SET('hover')}">Tileable at any size.</p>` +
    `<details open ontoggle="${SET('details')}"><summary>More</summary></details>` +
    `<form action="javascript:${SET('form')}"><button>Send</button></form>` +
    `<math><mtext><table><mglyph><style><img src=x onerror="${SET('mxss')}">` +
    `<object data="javascript:${SET('object')}"></object><embed src="javascript:${SET('embed')}">` +
    `<meta http-equiv="refresh" content="0;url=javascript:${SET('meta')}">` +
    '<style>body{display:none}</style>',
  category: 'Graphics',
  sub_category: 'Patterns',
  options: null,
  version: '1.0.0',
  demo_link: `javascript:${SET('demo-link')}`,
  tags: ['<b>bold</b>', 'pattern'],
  kind: 'image',
  media: {
    thumbnail: '/media/thumbs/1.jpg',
    preview_image: '/media/previews/1.jpg',
    preview_video: null,
    preview_audio: null,
    screenshots: []
  },
  price: { regular: 5, extended: 25 },
  published_at: '2030-01-01T00:00:00Z'
}

describe('Hostile descriptions', () => {
  it('run nothing, and their links open only through the bridge', async () => {
    const demo = demoWithHandle({ extraItems: [HOSTILE] })
    const h = await startHarness({ demo: true, startDemo: demo.startDemo })
    const { page } = h
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    const opened: unknown[] = []
    await page.route('**/rpc/openExternal', async (route) => {
      opened.push(JSON.parse(route.request().postData() ?? 'null'))
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"ok":true,"data":null}'
      })
    })
    const offHost: string[] = []
    page.on('request', (r) => {
      if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(r.url())) offHost.push(r.url())
    })

    await openItems(page)
    await page.getByRole('searchbox', { name: 'Search items' }).fill('Hostile Sampler')
    await page.getByRole('button', { name: /^Hostile Sampler/ }).click()
    const region = page.getByRole('region', { name: 'Item description' })
    await region.waitFor()
    const appUrl = page.url()

    // What reached the DOM: text and plain links only.
    const dom = await region.evaluate((el) => ({
      tags: [...new Set([...el.querySelectorAll('*')].map((n) => n.tagName.toLowerCase()))],
      attrs: [
        ...new Set(
          [...el.querySelectorAll('*')].flatMap((n) => [...n.attributes].map((a) => a.name))
        )
      ],
      hrefs: [...el.querySelectorAll('a')].map((a) => a.getAttribute('href'))
    }))
    for (const tag of [
      'script',
      'img',
      'svg',
      'iframe',
      'style',
      'form',
      'button',
      'math',
      'object',
      'embed',
      'meta',
      'details'
    ])
      expect(dom.tags).not.toContain(tag)
    expect(
      dom.attrs.filter((a) => a.startsWith('on') || a === 'style' || a === 'id' || a === 'target')
    ).toEqual([])
    expect(dom.hrefs.filter((x) => x !== null)).toEqual([SAFE_LINK])
    await region.getByText('Tileable at any size.').waitFor()
    expect(
      await page.getByRole('heading', { name: /^Hostile Sampler <img/, level: 2 }).isVisible()
    ).toBe(true)
    // The javascript: demo link is shown as text, not offered as a button.
    expect(await page.getByRole('button', { name: /Live demo/ }).count()).toBe(0)

    // Poke at everything a payload could hang on.
    await region.getByText('Tileable at any size.').hover()
    await region.getByText('Tileable at any size.').click()
    await region.getByText('Open the pattern viewer').click()
    await region.getByText('Mixed case').click()
    await region.getByRole('link', { name: 'Read the guide' }).click()
    await expect.poll(() => opened.length).toBe(1)
    expect(opened).toEqual([{ url: SAFE_LINK }])

    expect(page.url()).toBe(appUrl)
    expect(page.frames()).toHaveLength(1)
    expect(await page.evaluate(() => (globalThis as unknown as PG).__sdPwned)).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(offHost).toEqual([])
    expect(await page.locator('body').isVisible()).toBe(true)
    await h.screenshot('item-hostile-light-1280')
  })

  it('keeps the seeded hostile item inert too', async () => {
    const h = await startHarness({ demo: true })
    const { page } = h
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    await openItems(page)
    await page.getByRole('searchbox', { name: 'Search items' }).fill('Retro Pixel Patterns')
    await page.getByRole('button', { name: 'Retro Pixel Patterns' }).click()
    const region = page.getByRole('region', { name: 'Item description' })
    await region.getByText('Tileable at any size.').click()
    await region.getByText('Open the pattern viewer').click()
    expect(await region.locator('script, img, iframe, [style], [onclick]').count()).toBe(0)
    expect(await page.title()).not.toBe('pwned')
    expect(dialogs).toEqual([])
  })
})
