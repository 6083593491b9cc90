/**
 * Grid geometry computed from the container width, so the virtualiser knows every row's
 * height before anything renders: no measuring pass, no jump while scrolling.
 */

export const GRID_GAP = 16
export const GRID_PADDING = 24
const MIN_CARD_WIDTH = 220
/** Info block under the 16:10 thumbnail: two name lines, category, prices, date. */
const CARD_INFO_HEIGHT = 118
export const LIST_ROW_HEIGHT = 60

export interface GridGeometry {
  columns: number
  cardWidth: number
  rowHeight: number
}

export function gridGeometry(containerWidth: number): GridGeometry {
  const inner = Math.max(0, containerWidth - 2 * GRID_PADDING)
  const columns = Math.max(1, Math.floor((inner + GRID_GAP) / (MIN_CARD_WIDTH + GRID_GAP)))
  const cardWidth = columns > 0 ? (inner - GRID_GAP * (columns - 1)) / columns : inner
  const thumb = cardWidth / 1.6
  return { columns, cardWidth, rowHeight: Math.ceil(thumb + CARD_INFO_HEIGHT + 2 + GRID_GAP) }
}
