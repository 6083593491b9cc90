/**
 * axe-core in the page under test: `expectNoSeriousViolations(page, 'Items grid, dark')`
 * runs the WCAG 2.x A/AA rules on what the page shows now and fails with every serious
 * or critical violation listed (rule, impact, the elements, what to fix).
 *
 * The source is read from the installed package and evaluated in the page by the test
 * driver: the renderer's CSP rightly refuses any script tag we could add.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)

let source: string | null = null
function axeSource(): string {
  source ??= readFileSync(
    join(dirname(require.resolve('axe-core/package.json')), 'axe.min.js'),
    'utf8'
  )
  return source
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

interface Violation {
  id: string
  impact: string | null
  help: string
  helpUrl: string
  nodes: { target: unknown[]; failureSummary?: string }[]
}

/** Serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page, within?: string): Promise<Violation[]> {
  const present = await page.evaluate(() => 'axe' in globalThis)
  // A string is evaluated as a script through the DevTools protocol, which the page's CSP
  // (no inline scripts, no eval) does not govern.
  if (!present) await page.evaluate(axeSource())
  // A seller reads the screen once it has settled: a button fading from primary to
  // secondary (120 ms) is measured once the fade ends, not at whatever frame axe catches.
  // Only transitions: they end; a spinner's or skeleton's endless animation would not.
  await page.evaluate(async () => {
    interface Anim {
      finished: Promise<unknown>
    }
    const g = globalThis as unknown as {
      document: { getAnimations(): Anim[] }
      CSSTransition?: new () => Anim
    }
    const Transition = g.CSSTransition
    if (!Transition) return
    const running = g.document.getAnimations().filter((a) => a instanceof Transition)
    // A transition cancelled midway rejects `finished`: the state it left is what shows.
    await Promise.all(running.map((a) => a.finished.catch(() => null)))
  })
  const violations = await page.evaluate(
    async ({ tags, within }) => {
      interface AxeResult {
        violations: Violation[]
      }
      const axe = (
        globalThis as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<AxeResult> } }
      ).axe
      const result = await axe.run(within ? { include: [within] } : { exclude: [] }, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations']
      })
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary }))
      }))
    },
    { tags: TAGS, within }
  )
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

function describeViolations(label: string, violations: Violation[]): string {
  const lines = violations.flatMap((v) => [
    `${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}`,
    ...v.nodes.map(
      (n) =>
        `    ${JSON.stringify(n.target)}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`
    )
  ])
  return `axe found ${violations.length} serious or critical violation(s) on ${label}:\n${lines.join('\n')}`
}

/**
 * Throws, listing each violation, when axe finds anything serious or critical. `within`
 * (a CSS selector) limits the check to a floating part, such as an open menu, whose
 * overlap with what lies under it is not a target-size fault of what it covers.
 */
export async function expectNoSeriousViolations(
  page: Page,
  label: string,
  within?: string
): Promise<void> {
  const violations = await seriousViolations(page, within)
  if (violations.length > 0) throw new Error(describeViolations(label, violations))
}
