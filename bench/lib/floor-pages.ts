/**
 * The floor measure's pages: the least markup and script that give P1, P2 and P3's probes
 * (bench/lib/page-scripts.ts) the change they wait for. No framework unless said, no CSS.
 * Page code is plain JavaScript in strings, as in page-scripts.ts.
 */
import type { FloorFile } from './floor-server'
import { floorNames } from './floor-server'

const html = (title: string, body: string): FloorFile => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`
})

const CARD_LIST =
  '<div role="list" aria-label="Items"><div role="listitem"><h3>amber anchor 0</h3><p>$12</p></div></div>'

/** P1 and P6: the first card is in the markup, painted as the HTML is parsed. */
export const cardPage = (): FloorFile => html('Floor: one card', `<main>${CARD_LIST}</main>`)

/** The React variant's page: an empty root and one module script, as the app's index.html. */
export const reactPage = (script: string): FloorFile =>
  html('Floor: React card', `<div id="root"></div><script type="module" src="${script}"></script>`)

/** What the React bundle runs: one card rendered into #root, nothing else. */
export const REACT_CARD_SOURCE = `
import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
createRoot(document.getElementById('root')).render(
  h('main', null, h('div', { role: 'list', 'aria-label': 'Items' },
    h('div', { role: 'listitem' }, h('h3', null, 'amber anchor 0'), h('p', null, '$12'))))
)
`

/** Where a keystroke's answer comes from: the page itself, or the server over fetch. */
export type Via = 'page' | 'fetch'

/**
 * P2: a search box, the count (ITEMS_PROBE's toolbar live region) and the first card. Each
 * input filters the 10,000 names held in the page, or asks the server (one trip to another
 * process, as the app's renderer asks main), then writes the count and the first name.
 */
export function searchPage(via: Via): FloorFile {
  const search =
    via === 'page'
      ? `const q = box.value.toLowerCase(); let n = 0, first = null;
         for (const name of NAMES) { if (!name.includes(q)) continue; if (first === null) first = name; n++; }
         show(n, first);`
      : `const q = box.value;
         fetch('/api/search?q=' + encodeURIComponent(q)).then((r) => r.json())
           .then((a) => { if (box.value === q) show(a.count, a.first); });`
  const names = via === 'page' ? `const NAMES = ${JSON.stringify(floorNames())};` : ''
  return html(
    `Floor: search (${via})`,
    `<div role="toolbar" aria-label="Filter items">
  <input type="search" aria-label="Search items"><span aria-live="polite">10,000 items</span>
</div>
${CARD_LIST}
<script>
${names}
const box = document.querySelector('input');
const count = document.querySelector('[aria-live="polite"]');
const card = document.querySelector('[role="listitem"]');
const show = (n, first) => {
  count.textContent = n.toLocaleString('en') + ' items';
  card.textContent = first === null ? 'No items' : first;
};
box.addEventListener('input', () => { ${search} });
</script>`
  )
}

/**
 * P3: a code field in a form; Enter posts it to the server (or, via the page, answers at
 * once with no trip) and shows a new #verdict-word (a new element each time, as the app
 * replaces its verdict).
 */
export function lookupPage(via: Via): FloorFile {
  const ask =
    via === 'fetch'
      ? `fetch('/api/check', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ purchase_code: field.value }).toString()
  }).then((r) => r.json()).then(show);`
      : `show({ status: field.value.startsWith('valid') ? 'valid' : 'invalid' });`
  return html(
    `Floor: lookup (${via})`,
    `<form><input aria-label="Purchase code" name="code" autocomplete="off"></form>
<div id="result"></div>
<script>
const form = document.querySelector('form');
const field = form.querySelector('input');
const result = document.getElementById('result');
const show = (a) => {
  const v = document.createElement('strong');
  v.id = 'verdict-word';
  v.textContent = a.status;
  result.replaceChildren(v);
};
form.addEventListener('submit', (e) => {
  e.preventDefault();
  ${ask}
});
</script>`
  )
}
