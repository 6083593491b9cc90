/**
 * What both media routes (Electron's sd-media: protocol and the browser host's /media)
 * call. `remoteUrl` is the marketplace URL the renderer got in normalised data.
 */
export interface MediaAnswer {
  status: number
  headers: Record<string, string>
  /** null for 304/404/416 and other empty answers. */
  body: Uint8Array | ReadableStream<Uint8Array> | null
}

export interface MediaService {
  serve(remoteUrl: string, options?: { range?: string; signal?: AbortSignal }): Promise<MediaAnswer>
}

/** What the media cache needs from its fetcher (paced-fetch.ts), which never sends the key. */
export interface FetchedMedia {
  status: number
  headers: Record<string, string>
  body: ReadableStream<Uint8Array> | null
}
export type MediaFetcher = (
  url: string,
  options: {
    range?: string
    signal?: AbortSignal
    maxBytes?: number
    /** The connections whose marketplace named the file (decides which addresses may be reached). */
    owners?: readonly string[]
  }
) => Promise<FetchedMedia>
