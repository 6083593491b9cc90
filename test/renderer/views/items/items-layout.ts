import { afterAll, beforeAll } from 'vitest'

/**
 * jsdom does no layout: every element is 0x0, so a virtualised list would render
 * nothing. Give elements a desktop-sized box for the duration of a test file.
 */
export function stubLayout(width = 1040, height = 800): void {
  const originals = {
    clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
    clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
    offsetWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth'),
    offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')
  }
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get: () => width
    })
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get: () => height
    })
    Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
      configurable: true,
      get: () => width
    })
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get: () => height
    })
  })
  afterAll(() => {
    for (const [key, desc] of Object.entries(originals)) {
      if (desc) Object.defineProperty(HTMLElement.prototype, key, desc)
    }
  })
}
