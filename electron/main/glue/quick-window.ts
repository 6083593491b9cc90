import { BrowserWindow, screen } from 'electron'
import { placeNear } from '../window-placement/near-pointer'
import { APP_PAGE_URL } from './app-url'
import { secureWebPreferences } from './web-preferences'
import type { WindowOptions } from './window'

export const QUICK_SIZE = { width: 440, height: 540 } as const
/** The renderer route the lookup window loads (renderer/src/main.tsx picks the page by it). */
const QUICK_QUERY = { view: 'quick' } as const

/**
 * The lookup window: small, frameless, always on top, out of the taskbar, and sandboxed
 * exactly like the main window (same preload, same webPreferences, same page and so the same
 * CSP, navigation and sender checks). It hides when it loses focus and is shown again, not
 * rebuilt, for the next lookup.
 */
export function createQuickWindow(options: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    ...QUICK_SIZE,
    show: false,
    frame: false,
    resizable: false,
    movable: true,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    alwaysOnTop: true,
    skipTaskbar: true,
    title: 'Seller Desk quick lookup',
    backgroundColor: '#00000000',
    webPreferences: secureWebPreferences(options)
  })
  win.on('blur', () => win.hide())
  // The same page as the main window (dev server or app://), on the quick route.
  const url = new URL(options.rendererUrl ?? APP_PAGE_URL)
  url.searchParams.set('view', QUICK_QUERY.view)
  void win.loadURL(url.href)
  return win
}

/**
 * Shows the lookup window beside the pointer, on the display the pointer is on. Hidden
 * first when already open, so the page sees a visibility change and asks for the new code.
 */
export function showQuickWindowNearPointer(win: BrowserWindow): void {
  if (win.isVisible()) win.hide()
  const pointer = screen.getCursorScreenPoint()
  const { workArea } = screen.getDisplayNearestPoint(pointer)
  const { x, y } = placeNear(pointer, QUICK_SIZE, workArea)
  win.setPosition(x, y)
  win.show()
  win.focus()
}
