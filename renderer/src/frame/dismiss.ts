/**
 * A notice's Dismiss button goes away with it: focus lands on the view's title rather than
 * on the page body, so a keyboard user keeps their place.
 */
export function focusViewTitle(): void {
  const title = document.querySelector<HTMLElement>('#content h1')
  if (!title) return
  if (!title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1')
  title.focus()
}
