/**
 * Moved to media/fetch-media.ts. Kept only while client.ts still offers fetchMedia:
 * delete this file with that method (media goes through media/paced-fetch.ts alone).
 */
export {
  fetchMedia,
  type MediaContext,
  type MediaOptions,
  type MediaResponse
} from '../media/fetch-media'
