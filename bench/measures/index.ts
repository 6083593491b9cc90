import type { Measure } from '../lib/types'
import { p1Cache } from './p1-cache'
import { p2Search } from './p2-search'
import { p2bKeysSyncing } from './p2b-keys-syncing'
import { p3Lookup } from './p3-lookup'
import { p4Bulk } from './p4-bulk'
import { p5Bundle } from './p5-bundle'
import { p6HostStart } from './p6-host-start'
import { p7Loop } from './p7-loop'
import { memory } from './memory'
import { floor } from './floor'

/** In run order; each one also runs alone (`npm run bench -- --only p3`). */
export const measures: readonly Measure[] = [
  p1Cache,
  p2Search,
  p2bKeysSyncing,
  p3Lookup,
  p4Bulk,
  p5Bundle,
  p6HostStart,
  p7Loop,
  memory,
  floor
]
