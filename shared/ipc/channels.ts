/**
 * Method name -> IPC channel, without schemas, so the sandboxed preload can import it
 * without bundling zod. contract.ts checks at compile time that both lists agree.
 */
export const channels = {
  getAppInfo: 'app:get-info',
  listConnections: 'connections:list',
  testConnection: 'connections:test',
  addConnection: 'connections:add',
  updateConnection: 'connections:update',
  removeConnection: 'connections:remove',
  setActiveConnection: 'connections:set-active',
  startDemo: 'demo:start',
  getSampleCodes: 'demo:sample-codes',
  getAccount: 'account:get',
  listItems: 'items:list',
  queryItems: 'items:query',
  openingWindow: 'items:opening-window',
  getItem: 'items:get',
  validatePurchase: 'purchases:validate',
  getSettings: 'settings:get',
  setTheme: 'settings:set-theme',
  setLastView: 'settings:set-last-view',
  setItemsInset: 'settings:set-items-inset',
  openExternal: 'shell:open-external',
  listHistory: 'history:list',
  exportHistoryCsv: 'history:export-csv',
  keepMediaOffline: 'media:keep-offline',
  getMediaOffline: 'media:offline-state',
  releaseMediaOffline: 'media:release-offline',
  getCacheInfo: 'cache:info',
  clearCache: 'cache:clear',
  setCacheLimit: 'cache:set-limit',
  startBulk: 'bulk:start',
  getBulk: 'bulk:get',
  pauseBulk: 'bulk:pause',
  resumeBulk: 'bulk:resume',
  cancelBulk: 'bulk:cancel',
  exportBulkCsv: 'bulk:export-csv',
  getQuickSettings: 'quick:get-settings',
  setQuickSettings: 'quick:set-settings',
  takePendingLookup: 'quick:take-pending',
  takeQuickLookup: 'quick:take-lookup',
  openInMainWindow: 'quick:open-in-main',
  closeQuickLookup: 'quick:close',
  getBalanceWatch: 'balance:get-watch',
  setBalanceWatch: 'balance:set-watch',
  getBalanceSeries: 'balance:series',
  exportBalanceCsv: 'balance:export-csv',
  takeBalanceNotices: 'balance:take-notices'
} as const

export type ChannelMethod = keyof typeof channels
export const channelMethods = Object.keys(channels) as ChannelMethod[]
