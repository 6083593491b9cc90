/** Screen geometry in Electron's units (DIPs): the one shape both windows are placed with. */
export interface Point {
  x: number
  y: number
}

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}
