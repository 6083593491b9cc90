/**
 * Code that runs inside the page. Kept as plain-JavaScript strings: functions handed to
 * page.evaluate would be serialised after the TypeScript transform, which may add helpers
 * the page does not have. Each exposes a promise that page.evaluate awaits (no polling
 * with waitForFunction: the app's CSP forbids the eval it uses). Every value handed back
 * is checked with zod by the caller.
 *
 * Timing rule for "painted": the moment a DOM mutation shows the awaited change, then the
 * next requestAnimationFrame callback, i.e. the start of the frame that paints it.
 */

const ITEM_CARD = '[role="list"][aria-label="Items"] [role="listitem"]'
const ITEMS_NAV = 'nav[aria-label="Main"] button[title^="Items"]'

/**
 * Installed before the page's own scripts: notes when the first item card is painted.
 * The app opens on the view the seller left it on; when the sidebar shows another one,
 * the script opens Items as a seller would and notes when (\`clicked\`): the measured
 * runs require that it did not have to. Times are performance.now(): milliseconds since
 * navigation start.
 */
export const FIRST_CARD_INIT = `(() => {
  const w = window;
  let painted;
  w.__bench = { clicked: null, firstCard: null, done: new Promise((resolve) => { painted = resolve; }) };
  const check = () => {
    if (w.__bench.clicked === null) {
      const nav = document.querySelector(${JSON.stringify(ITEMS_NAV)});
      if (nav && nav.getAttribute('aria-current') !== 'page') { w.__bench.clicked = performance.now(); nav.click(); }
    }
    if (document.querySelector(${JSON.stringify(ITEM_CARD)})) {
      observer.disconnect();
      requestAnimationFrame(() => {
        w.__bench.firstCard = performance.now();
        painted({ timeOrigin: performance.timeOrigin, clicked: w.__bench.clicked, firstCard: w.__bench.firstCard });
      });
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
})()`

/** Resolves with { timeOrigin, clicked, firstCard } once the first card is painted. */
export const FIRST_CARD_RESULT = 'window.__bench.done'

/**
 * Arms a one-shot timer: starts at the next keydown of \`key\` (its event timestamp, i.e.
 * when the browser received the input), stops at the first frame after \`done\` (a JS
 * expression over \`before\` and \`now\`, two snapshots from \`probe\`) holds.
 * window.__benchTiming resolves with { ms } or { timeout: true }.
 */
export function armKeyTimer(key: string, probe: string, done: string, timeoutMs: number): string {
  return `(() => {
  const w = window;
  const probe = () => { ${probe} };
  const before = probe();
  let settle;
  w.__benchTiming = new Promise((resolve) => { settle = resolve; });
  let start = null;
  let observer = null;
  const finish = (value) => { if (observer) observer.disconnect(); clearTimeout(timer); settle(value); };
  const timer = setTimeout(() => finish({ timeout: true }), ${timeoutMs});
  const onKey = (e) => {
    if (e.key !== ${JSON.stringify(key)}) return;
    window.removeEventListener('keydown', onKey, true);
    start = e.timeStamp;
    const check = () => {
      const now = probe();
      if (!(${done})) return;
      observer.disconnect();
      requestAnimationFrame(() => finish({ ms: performance.now() - start }));
    };
    observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  };
  window.addEventListener('keydown', onKey, true);
  return before;
})()`
}

export const KEY_TIMER_RESULT = 'window.__benchTiming'

/** What the Items view shows: the result count and the first card's text. */
export const ITEMS_PROBE = `
  const count = document.querySelector('[role="toolbar"][aria-label="Filter items"] [aria-live="polite"]');
  const card = document.querySelector(${JSON.stringify(ITEM_CARD)});
  const main = document.querySelector('#content');
  return (count ? count.textContent : '') + '\\n' + (card ? card.textContent : (main ? main.textContent : ''));
`

/** Items: any change to the count or the first card. */
export const ITEMS_CHANGED = 'now !== before'

/** The verdict element, tagged so a new one (a re-check replaces it) is told from the old. */
export const VERDICT_PROBE = `
  const v = document.getElementById('verdict-word');
  if (!v) return 'none';
  if (!v.__benchId) v.__benchId = String(Math.random());
  return v.__benchId;
`

/** A verdict is painted that was not there when the timer was armed (the skeleton in between does not count). */
export const VERDICT_SHOWN = "now !== 'none' && now !== before"
