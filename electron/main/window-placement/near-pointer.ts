import type { Point, Rect } from './rect'

/** Gap between the pointer and the window, so the pointer does not cover its top edge. */
const OFFSET = 12

/**
 * Where the lookup window goes: just below and right of the pointer, moved back inside the
 * display's work area (not under the taskbar or menu bar) when that would spill over.
 */
export function placeNear(
  pointer: Point,
  size: { width: number; height: number },
  workArea: Rect
): Point {
  const clamp = (value: number, min: number, max: number): number =>
    Math.round(Math.max(min, Math.min(value, max)))
  let x = pointer.x + OFFSET
  let y = pointer.y + OFFSET
  // Flip to the other side of the pointer before sliding along the edge.
  if (x + size.width > workArea.x + workArea.width) x = pointer.x - OFFSET - size.width
  if (y + size.height > workArea.y + workArea.height) y = pointer.y - OFFSET - size.height
  return {
    x: clamp(x, workArea.x, workArea.x + workArea.width - size.width),
    y: clamp(y, workArea.y, workArea.y + workArea.height - size.height)
  }
}
