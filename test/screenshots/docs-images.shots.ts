import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { it } from 'vitest'
import { repoRoot } from '../../electron/host/paths'
import { startOnDemo } from '../e2e/harness'
import { imagesLoaded, openItems } from '../e2e/items-helpers'
import type { PageImg, PG } from '../e2e/page-globals'
import { codeField, openValidate, verdictCard } from '../e2e/validate-helpers'

// README's pictures: the demo marketplace's catalogue and a checked code, light and dark,
// at the 1280x800 window the design is reviewed at. Written to docs/images/.

const OUT = join(repoRoot, 'docs', 'images')
const viewport = { width: 1280, height: 800 }

for (const colorScheme of ['light', 'dark'] as const) {
  it(`items (${colorScheme})`, async () => {
    await mkdir(OUT, { recursive: true })
    const { h } = await startOnDemo({ colorScheme, viewport })
    await openItems(h.page)
    await imagesLoaded(h.page, '[aria-label="Items"]')
    await h.page.screenshot({ path: join(OUT, `items-${colorScheme}.png`) })
  })

  it(`validate (${colorScheme})`, async () => {
    await mkdir(OUT, { recursive: true })
    const { h, market } = await startOnDemo({ colorScheme, viewport })
    const { page } = h
    await openValidate(page)
    await codeField(page).fill(market.sampleCodes.valid)
    await codeField(page).press('Enter')
    await verdictCard(page).getByRole('heading', { name: 'Valid' }).waitFor()
    // The verdict's item thumbnail, when it has one, painted before the picture is taken.
    await page.waitForFunction(() =>
      [...(globalThis as unknown as PG).document.querySelectorAll<PageImg>('img')].every(
        (i) => i.complete
      )
    )
    await page.screenshot({ path: join(OUT, `validate-${colorScheme}.png`) })
  })
}
