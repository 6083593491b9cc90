import type { Account, Item } from '../../../shared/model'

/** Every media URL in a marketplace answer: the media route may fetch these and no others. */
export function itemMediaUrls(item: Item): string[] {
  const m = item.media
  return [m.thumbnail, m.preview_image, m.preview_video, m.preview_audio, ...m.screenshots].filter(
    (u): u is string => typeof u === 'string' && u !== ''
  )
}

export function accountMediaUrls(account: Account): string[] {
  const m = account.profile.media
  return [m.avatar, m.cover].filter((u): u is string => typeof u === 'string' && u !== '')
}
