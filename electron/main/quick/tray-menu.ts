import type { HistoryEntry } from '../../../shared/ipc/contract'
import { shortCode } from '../../../shared/purchase-code'
import { verdictOfEntry } from '../../../shared/verdict'
import {
  UNKNOWN_STATUS,
  statusLine,
  type ConnectionStatus
} from '../../../shared/connection-status'

/** What a tray entry does; the glue turns each into a click handler. */
export type TrayAction =
  | { kind: 'check-clipboard' }
  | { kind: 'show-code'; code: string }
  | { kind: 'open' }
  | { kind: 'quit' }

export type TrayEntry =
  | { type: 'separator' }
  | { type: 'normal'; label: string; enabled: boolean; action: TrayAction | null }

export const TRAY_RECENT = 5

/**
 * "Valid · support expired · Flat Icons Pack · 3f1c2a9e…9b0c": the one verdict model's words,
 * judged at `now` like every other screen, so a code whose support ended never reads "Valid".
 */
function recentLabel(entry: HistoryEntry, now: Date): string {
  const verdict = verdictOfEntry(entry, { now }).label
  const what = entry.itemName ? ` · ${entry.itemName}` : ''
  const label = `${verdict}${what} · ${shortCode(entry.code)}`
  // Menus do not wrap: a long item name would make the menu as wide as the screen.
  return label.length > 70 ? `${label.slice(0, 69)}…` : label
}

const hhmm = (iso: string): string => {
  const d = new Date(iso)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

/**
 * The connection's state in the words every view's header uses, short enough for a menu
 * ("Offline since 14:02", "Key refused"); null before anything is known.
 */
export function trayStatusLabel(status: ConnectionStatus): string | null {
  if (status.state === 'unknown') return null
  if (status.state === 'online') return 'Online'
  const line = statusLine(status, { time: hhmm, ago: hhmm })
  return status.state === 'refused' ? `${line.short}: replace it in Settings` : line.short
}

/**
 * The tray menu: the status, check the clipboard, the balance watch's lines (last change,
 * today's increases), the last five verdicts (as of `now`), open, quit.
 */
export function trayMenu(
  recent: readonly HistoryEntry[],
  shortcutLabel: string | null,
  now: Date,
  balanceLines: readonly string[] = [],
  status: ConnectionStatus = UNKNOWN_STATUS
): TrayEntry[] {
  const shown = recent.slice(0, TRAY_RECENT)
  const statusLabel = trayStatusLabel(status)
  return [
    ...(statusLabel
      ? [{ type: 'normal' as const, label: statusLabel, enabled: false, action: null }]
      : []),
    {
      type: 'normal',
      label: shortcutLabel ? `Check clipboard (${shortcutLabel})` : 'Check clipboard',
      enabled: true,
      action: { kind: 'check-clipboard' }
    },
    { type: 'separator' },
    ...balanceLines.flatMap((label): TrayEntry[] => [
      { type: 'normal', label, enabled: false, action: null }
    ]),
    ...(balanceLines.length > 0 ? [{ type: 'separator' as const }] : []),
    { type: 'normal', label: 'Recent checks', enabled: false, action: null },
    ...(shown.length === 0
      ? [{ type: 'normal' as const, label: 'No checks yet', enabled: false, action: null }]
      : shown.map((e) => ({
          type: 'normal' as const,
          label: recentLabel(e, now),
          enabled: true,
          action: { kind: 'show-code' as const, code: e.code }
        }))),
    { type: 'separator' },
    { type: 'normal', label: 'Open Seller Desk', enabled: true, action: { kind: 'open' } },
    { type: 'normal', label: 'Quit Seller Desk', enabled: true, action: { kind: 'quit' } }
  ]
}
