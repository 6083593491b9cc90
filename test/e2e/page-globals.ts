/**
 * The few browser globals the page functions of the items, media and hostile tests use.
 * The node project has no DOM lib (main must never lean on it), so page functions reach
 * them as `(globalThis as unknown as PG).document`; these are types only, nothing runs here.
 */
interface PageEl {
  dataset: Record<string, string | undefined>
  getAttribute(name: string): string | null
}
export interface PageMedia {
  readyState: number
  duration: number
  currentTime: number
  muted: boolean
  play(): Promise<void>
}
export interface PageImg {
  complete: boolean
  naturalWidth: number
}
/** An animation running on the page, as far as the tests read it. */
interface PageAnimation {
  playState: string
  effect: {
    getTiming(): { iterations?: number }
    getKeyframes(): Array<Record<string, unknown>>
  } | null
}
export interface PG {
  document: {
    getAnimations(): PageAnimation[]
    querySelector<T = PageEl>(selector: string): T | null
    querySelectorAll<T = PageEl>(selector: string): Iterable<T> & { length: number }
    activeElement: PageEl | null
  }
  navigator: { language: string }
  getComputedStyle(el: PageEl): { gridTemplateColumns: string }
  __sdPwned?: string
}
