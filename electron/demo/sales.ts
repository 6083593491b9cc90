import type { DemoData } from './types'

/** The seller's share of a sale the demo credits (the marketplace keeps the rest). */
const SELLER_SHARE = 0.7

/**
 * The demo seller's balance grows on its own: every `everyMs` one of the listed items
 * sells (an extended licence now and then) and the seller's share is credited, in whole
 * cents. A newcomer watching the demo sees a notification and a chart fill within a minute.
 */
export function startSimulatedSales(
  data: DemoData,
  everyMs: number,
  random: () => number = Math.random
): { stop(): void } {
  let sold = 0
  const timer = setInterval(() => {
    const items = data.items
    if (items.length === 0) return
    const item = items[Math.floor(random() * items.length)]!
    const extended = ++sold % 5 === 0
    const price = extended ? item.price.extended : item.price.regular
    const credit = Math.round(price * 100 * SELLER_SHARE)
    data.seller.balance = (Math.round(data.seller.balance * 100) + credit) / 100
  }, everyMs)
  // A running demo must not keep a finished process (a CLI closing, a test ending) alive.
  timer.unref()
  return { stop: () => clearInterval(timer) }
}

/** "30s", "2m", "500ms" or a number of milliseconds; null when it is none of those. */
export function parseDuration(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim())
  if (!m) return null
  const n = Number(m[1])
  const ms = m[2] === 's' ? n * 1000 : m[2] === 'm' ? n * 60_000 : n
  return Number.isFinite(ms) && ms >= 100 ? Math.round(ms) : null
}
