import { bootFirstScreen, type FirstScreen } from './frame/boot'
import { formatWorker } from './frame/format-worker'
import { isQuickRoute } from './quick/route'

/**
 * The main window's first questions to main, asked as this module is evaluated: main.tsx
 * imports it first, so they are on their way while the rest of the bundle (React's DOM
 * code is most of it) is evaluated. Null in the lookup window, which asks its own.
 */
export const firstScreen: FirstScreen | null =
  typeof window !== 'undefined' && !isQuickRoute(window.location.search)
    ? bootFirstScreen(formatWorker)
    : null
