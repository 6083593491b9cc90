import { create } from 'zustand'

/**
 * A search counts as typed once no key has changed it for this long; the matches' pictures
 * load then. Between a fast typist's keys (100-150 ms) they wait, and an average typist's
 * (about 300 ms) leave time for them.
 */
export const TYPING_SETTLES_MS = 200

interface TypingState {
  /** Keys are changing the search: pictures of matches not shown before wait. */
  typing: boolean
}

export const useTyping = create<TypingState>(() => ({ typing: false }))

// Said on the page too, for what CSS holds while the seller types (Spinner.module.css).
useTyping.subscribe(({ typing }) => document.documentElement.toggleAttribute('data-typing', typing))

let settles: ReturnType<typeof setTimeout> | undefined

/** A key changed the search: it is being typed until TYPING_SETTLES_MS pass without another. */
export function searchTyped(): void {
  clearTimeout(settles)
  if (!useTyping.getState().typing) useTyping.setState({ typing: true })
  settles = setTimeout(() => useTyping.setState({ typing: false }), TYPING_SETTLES_MS)
}

/** Nothing is being typed (the view or the connection was left). */
export function typingOver(): void {
  clearTimeout(settles)
  settles = undefined
  if (useTyping.getState().typing) useTyping.setState({ typing: false })
}
