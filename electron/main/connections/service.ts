import { randomUUID } from 'node:crypto'
import type { Account } from '../../../shared/model'
import type {
  ConnectionsState,
  ConnectionView,
  ParsedRequestOf
} from '../../../shared/ipc/contract'
import type { CatalogueCache } from '../catalogue/ports'
import { AppFailure, isKindedError } from '../ipc/failure'
import type { SecretStore } from '../secrets/types'
import { MAX_BASE_URL_LENGTH, MAX_LABEL_LENGTH, type StoredConnection } from '../settings/schema'
import type { SettingsStore } from '../settings/store'
import { createAccountCheck } from './account-check'
import { createClientCache } from './active-client'
import { syncDemoConnection } from './demo-connection'
import type { DemoPort } from './demo-port'
import { createConnectionKeys } from './key-store'
import type { MarketplaceClientLike, MarketplacePort } from './marketplace-port'
import {
  BAD_URL_MESSAGE,
  DEMO_FIXED_MESSAGE,
  keyMissingMessage,
  newOriginNeedsKeyMessage,
  NO_CONNECTION_MESSAGE,
  notASellerMessage,
  UNKNOWN_CONNECTION_MESSAGE,
  URL_TOO_LONG_MESSAGE
} from './messages'

export interface ConnectionServiceOptions<C extends MarketplaceClientLike = MarketplaceClientLike> {
  settings: SettingsStore
  /** The OS keychain (or whatever the app was given in its place). */
  keychain: SecretStore
  /** Keys kept for this session only. */
  session: SecretStore
  marketplace: MarketplacePort<C>
  /** Forgotten with the connection, when the app has one. */
  cache?: CatalogueCache
  /** Everything else kept per connection (lookup history, media files, bulk jobs): forgotten on removal. */
  keptData?: { forget(connectionId: string): Promise<void> }
  demo?: DemoPort
  newId?: () => string
  log?: { warn(message: string): void }
}

export interface ActiveClient<C extends MarketplaceClientLike = MarketplaceClientLike> {
  connectionId: string
  client: C
}

export interface ConnectionService<C extends MarketplaceClientLike = MarketplaceClientLike> {
  list(): Promise<ConnectionsState>
  test(request: ParsedRequestOf<'testConnection'>): Promise<Account>
  add(request: ParsedRequestOf<'addConnection'>): Promise<ConnectionView>
  update(request: ParsedRequestOf<'updateConnection'>): Promise<ConnectionView>
  remove(request: ParsedRequestOf<'removeConnection'>): Promise<ConnectionsState>
  setActive(request: ParsedRequestOf<'setActiveConnection'>): Promise<ConnectionsState>
  /** Starts (once) the in-process demo marketplace and makes its connection active. */
  startDemo(): Promise<ConnectionView>
  /** A client for the active connection, for the catalogue service. */
  activeClient(): Promise<ActiveClient<C>>
  /** The active connection's id, without reading its key (cached data needs none). */
  activeConnectionId(): Promise<string>
  /**
   * The client of any saved connection, for reads in the background (the balance watch):
   * the same client, key rules and pacer as the active one's. Null for the demo while it is
   * not running: a background read never starts it.
   */
  clientOf(id: string): Promise<C | null>
}

/**
 * Connections: label and base URL in settings.json, key in the secret store. A key is
 * only saved after the marketplace accepted it, and never leaves this service except
 * inside a marketplace client.
 */
export function createConnectionService<C extends MarketplaceClientLike>(
  options: ConnectionServiceOptions<C>
): ConnectionService<C> {
  const { settings, keychain, session, marketplace } = options
  const newId = options.newId ?? randomUUID
  const log = options.log ?? console
  const keys = createConnectionKeys({ keychain, session, log })
  const { fetchAccount, listsItems } = createAccountCheck(marketplace)
  const clients = createClientCache(marketplace)
  const syncDemo = (): Promise<StoredConnection> =>
    syncDemoConnection({ demo: options.demo, settings, session, newId })

  const normalise = (raw: string): string => {
    let baseUrl: string
    try {
      baseUrl = marketplace.normaliseBaseUrl(raw)
    } catch (e) {
      if (isKindedError(e)) throw e
      throw new AppFailure('invalid-input', BAD_URL_MESSAGE)
    }
    // Normalising adds a scheme and escapes characters: what fits the form may not fit
    // settings. Found out here, before the key is sent, not when saving fails after.
    if (baseUrl.length > MAX_BASE_URL_LENGTH)
      throw new AppFailure('invalid-input', URL_TOO_LONG_MESSAGE)
    return baseUrl
  }

  const find = async (id: string): Promise<StoredConnection> => {
    const found = (await settings.read()).connections.find((c) => c.id === id)
    if (!found) throw new AppFailure('not-found', UNKNOWN_CONNECTION_MESSAGE)
    return found
  }

  const view = async (c: StoredConnection): Promise<ConnectionView> => ({
    id: c.id,
    label: c.label,
    baseUrl: c.baseUrl,
    isDemo: c.isDemo,
    keyStorage: await keys.storageOf(c)
  })

  const list = async (): Promise<ConnectionsState> => {
    const s = await settings.read()
    const settingsNotice = (await settings.notice?.()) ?? null
    return {
      connections: await Promise.all(s.connections.map(view)),
      activeId: s.activeId,
      keychain: await keychain.status(),
      ...(settingsNotice ? { settingsNotice } : {})
    }
  }

  const forgetCache = async (id: string): Promise<void> => {
    try {
      await options.cache?.forget(id)
    } catch {
      log.warn('[connections] Could not clear the cache of a removed connection.')
    }
  }

  const forgetKeptData = async (id: string): Promise<void> => {
    try {
      await options.keptData?.forget(id)
    } catch {
      log.warn('[connections] Could not delete the history or media of a removed connection.')
    }
  }

  const add = async (request: ParsedRequestOf<'addConnection'>): Promise<ConnectionView> => {
    const baseUrl = normalise(request.baseUrl)
    const where = request.sessionOnly === true ? 'session' : 'keychain'
    if (where === 'keychain') await keys.requireKeychain()
    const account = await fetchAccount(baseUrl, request.apiKey)
    if (request.allowNoItems !== true && !(await listsItems(baseUrl, request.apiKey))) {
      throw new AppFailure('not-a-seller', notASellerMessage(account.username))
    }
    const connection: StoredConnection = {
      id: newId(),
      label: request.label ?? new URL(baseUrl).hostname.slice(0, MAX_LABEL_LENGTH),
      baseUrl,
      isDemo: false
    }
    await keys.store(connection.id, baseUrl, request.apiKey, where)
    try {
      await settings.update((s) => ({
        ...s,
        connections: [...s.connections, connection],
        activeId: connection.id
      }))
    } catch (e) {
      await keys.forget(connection.id)
      throw e
    }
    return view(connection)
  }

  const update = async (request: ParsedRequestOf<'updateConnection'>): Promise<ConnectionView> => {
    const existing = await find(request.id)
    const baseUrl = request.baseUrl === undefined ? existing.baseUrl : normalise(request.baseUrl)
    const urlChanged = baseUrl !== existing.baseUrl
    // A saved key only ever goes to the origin it was saved for: whoever can call this
    // (a compromised page, anyone holding the browser host's address) must not be able to
    // point a connection elsewhere and have main send the key there to "check" it.
    if (
      !existing.isDemo &&
      request.apiKey === undefined &&
      new URL(baseUrl).origin !== new URL(existing.baseUrl).origin
    ) {
      throw new AppFailure('invalid-input', newOriginNeedsKeyMessage(new URL(baseUrl).host))
    }
    if (
      existing.isDemo &&
      (urlChanged || request.apiKey !== undefined || request.sessionOnly !== undefined)
    ) {
      throw new AppFailure('invalid-input', DEMO_FIXED_MESSAGE)
    }
    if (!existing.isDemo) {
      const before = await keys.storageOf(existing)
      const target: 'keychain' | 'session' =
        request.sessionOnly === true
          ? 'session'
          : request.sessionOnly === false || before !== 'session'
            ? 'keychain'
            : 'session'
      const moving = target !== before
      if ((request.apiKey !== undefined || moving) && target === 'keychain')
        await keys.requireKeychain()
      if (urlChanged || moving || request.apiKey !== undefined) {
        const apiKey = request.apiKey ?? (await keys.currentKey(existing))
        if (apiKey === null)
          throw new AppFailure('no-connection', keyMissingMessage(existing.label))
        // A new address or key is checked before anything is saved.
        if (urlChanged || request.apiKey !== undefined) await fetchAccount(baseUrl, apiKey)
        if (request.apiKey !== undefined || moving)
          await keys.store(existing.id, baseUrl, apiKey, target)
      }
    }
    const updated: StoredConnection = {
      ...existing,
      label: request.label ?? existing.label,
      baseUrl
    }
    await settings.update((s) => ({
      ...s,
      connections: s.connections.map((c) => (c.id === updated.id ? updated : c))
    }))
    clients.drop(updated.id)
    if (urlChanged) await forgetCache(updated.id)
    return view(updated)
  }

  const remove = async (
    request: ParsedRequestOf<'removeConnection'>
  ): Promise<ConnectionsState> => {
    const existing = (await settings.read()).connections.find((c) => c.id === request.id)
    if (existing) {
      await keys.forget(existing.id)
      clients.drop(existing.id)
      await forgetCache(existing.id)
      await forgetKeptData(existing.id)
      await settings.update((s) => {
        const connections = s.connections.filter((c) => c.id !== existing.id)
        const activeId = s.activeId === existing.id ? (connections[0]?.id ?? null) : s.activeId
        return { ...s, connections, activeId }
      })
    }
    return list()
  }

  const setActive = async (
    request: ParsedRequestOf<'setActiveConnection'>
  ): Promise<ConnectionsState> => {
    await find(request.id)
    await settings.update((s) => ({ ...s, activeId: request.id }))
    return list()
  }

  const startDemo = async (): Promise<ConnectionView> => {
    const demo = await syncDemo()
    await settings.update((s) => ({ ...s, activeId: demo.id }))
    return view(demo)
  }

  /** "Test" on a saved connection: its own key, read here, checked with account details. */
  const testSaved = async (id: string): Promise<Account> => {
    let connection = await find(id)
    // The demo moves to a new address (and key) each run.
    if (connection.isDemo) connection = await syncDemo()
    const apiKey = await keys.currentKey(connection)
    if (apiKey === null) throw new AppFailure('no-connection', keyMissingMessage(connection.label))
    return fetchAccount(connection.baseUrl, apiKey)
  }

  const keyedClient = async (connection: StoredConnection): Promise<C> => {
    const apiKey = await keys.currentKey(connection)
    if (apiKey === null) throw new AppFailure('no-connection', keyMissingMessage(connection.label))
    return clients.clientFor(connection, apiKey)
  }

  const activeClient = async (): Promise<ActiveClient<C>> => {
    const s = await settings.read()
    let active = s.connections.find((c) => c.id === s.activeId)
    if (!active) throw new AppFailure('no-connection', NO_CONNECTION_MESSAGE)
    if (active.isDemo) active = await syncDemo()
    return { connectionId: active.id, client: await keyedClient(active) }
  }

  const clientOf = async (id: string): Promise<C | null> => {
    let connection = await find(id)
    if (connection.isDemo) {
      if (!options.demo?.started?.()) return null
      // Synced (a settings write) only when this run's demo moved: reads come every few seconds.
      if ((await options.demo.ensure()).baseUrl !== connection.baseUrl)
        connection = await syncDemo()
    }
    return keyedClient(connection)
  }

  const activeConnectionId = async (): Promise<string> => {
    const s = await settings.read()
    const active = s.connections.find((c) => c.id === s.activeId)
    if (!active) throw new AppFailure('no-connection', NO_CONNECTION_MESSAGE)
    return active.id
  }

  return {
    list,
    activeConnectionId,
    test: (request) =>
      'id' in request
        ? testSaved(request.id)
        : fetchAccount(normalise(request.baseUrl), request.apiKey),
    add,
    update,
    remove,
    setActive,
    startDemo,
    activeClient,
    clientOf
  }
}
