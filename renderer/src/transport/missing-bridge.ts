import type { SellerDeskApi } from '../../../shared/ipc/api'
import { channelMethods } from '../../../shared/ipc/channels'

const MISSING_BRIDGE_TITLE = "Seller Desk can't reach its local service"
const MISSING_BRIDGE_TEXT =
  'This page was opened without its access key. Start Seller Desk with npm start (or npm run start:web) and open the address it prints, beginning http://127.0.0.1.'

const SCREEN_ID = 'seller-desk-missing-bridge'

/**
 * A plain full-window notice, built without React so it shows even when nothing else
 * can start. Styles go through the CSSOM: the CSP forbids inline style attributes.
 */
export function showMissingBridgeScreen(doc: Document): void {
  if (doc.getElementById(SCREEN_ID)) return
  const screen = doc.createElement('section')
  screen.id = SCREEN_ID
  screen.setAttribute('role', 'alert')
  Object.assign(screen.style, {
    position: 'fixed',
    inset: '0',
    zIndex: '2147483647',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    alignItems: 'center',
    gap: '8px',
    padding: '32px',
    textAlign: 'center',
    background: 'Canvas',
    color: 'CanvasText',
    fontFamily: 'system-ui, sans-serif'
  })
  const title = doc.createElement('h1')
  title.textContent = MISSING_BRIDGE_TITLE
  title.style.fontSize = '20px'
  title.style.margin = '0'
  const text = doc.createElement('p')
  text.textContent = MISSING_BRIDGE_TEXT
  text.style.maxWidth = '520px'
  text.style.margin = '0'
  screen.append(title, text)
  doc.body.append(screen)
}

/** Stands in for the bridge so views fail with a Result instead of a thrown error. */
export function createMissingBridge(): SellerDeskApi {
  const fail = async () => ({
    ok: false as const,
    error: { kind: 'offline' as const, message: MISSING_BRIDGE_TEXT }
  })
  const api: Record<string, unknown> = {}
  for (const method of channelMethods) api[method] = fail
  api['mediaUrl'] = () => ''
  return api as SellerDeskApi
}
