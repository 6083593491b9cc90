import { afterEach, beforeEach, vi, type MockInstance } from 'vitest'

export interface SavedFile {
  filename: string
  type: string
  text: string
}

/**
 * jsdom has no object URLs and no downloads: record what the renderer saves instead.
 * `saved` lists each file the page offered as a download, in order.
 */
export function captureDownloads(): { saved: SavedFile[] } {
  const state = { saved: [] as SavedFile[] }
  const blobs = new Map<string, Blob>()
  let n = 0
  const originals = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
  let click: MockInstance | null = null
  beforeEach(() => {
    state.saved.length = 0
    URL.createObjectURL = (obj: Blob | MediaSource): string => {
      const href = `blob:test/${++n}`
      blobs.set(href, obj as Blob)
      return href
    }
    URL.revokeObjectURL = (href: string): void => {
      blobs.delete(href)
    }
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement
    ) {
      const blob = blobs.get(this.href)
      if (!blob) throw new Error(`no blob behind ${this.href}`)
      const entry: SavedFile = { filename: this.download, type: blob.type, text: '' }
      state.saved.push(entry)
      // Read at once (jsdom's Blob has no text()): the page revokes the address after the click.
      const reader = new FileReader()
      reader.onload = () => {
        // ignoreBOM keeps a byte-order mark in the text, so a test can see it was written.
        entry.text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
          reader.result as ArrayBuffer
        )
      }
      reader.readAsArrayBuffer(blob)
    })
  })
  afterEach(() => {
    URL.createObjectURL = originals.create
    URL.revokeObjectURL = originals.revoke
    click?.mockRestore()
  })
  return state
}
