import type { Item } from '../../../shared/model'
import type { SkippedItem } from './wire/normalise'

/**
 * real-installs §14: a banned seller's account read is refused while the rest of the API
 * still answers, and only a working seller key is shown a catalogue. So after a refused
 * account read, a catalogue that lists anything (even items too broken to show) proves the
 * key is a seller's. One more request, made only then. Failures of the list are thrown.
 */
export async function catalogueAnswers(
  listItemsReport: () => Promise<{ items: Item[]; skipped: SkippedItem[] }>
): Promise<boolean> {
  const list = await listItemsReport()
  return list.items.length > 0 || list.skipped.length > 0
}
