import { randomUUID } from 'node:crypto'
import type { Account } from '../../../shared/model'
import type {
  ConnectionsState,
  ConnectionView,
  ParsedRequestOf
} from '../../../shared/ipc/contract'
import type { CatalogueCache } from '../catalogue/ports'
import { AppFailure, isKindedError } from '../ipc/failure'
import { KEYCHAIN_UNAVAILABLE_MESSAGE } from '../secrets/messages'
import type { SecretStore } from '../secrets/types'
import { MAX_BASE_URL_LENGTH, MAX_LABEL_LENGTH, type StoredConnection } from '../settings/schema'
import type { SettingsStore } from '../settings/store'
import type { DemoPort } from './demo-port'
import { kindOf, scrubbingKey } from './errors'
import type { MarketplaceClientLike, MarketplacePort } from './marketplace-port'
import {
  ACCOUNT_REFUSED_MESSAGE,
  BAD_URL_MESSAGE,
  DEMO_FIXED_MESSAGE,
  DEMO_LABEL,
  DEMO_UNAVAILABLE_MESSAGE,
  keychainLockedMessage,
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
}

type KeyStorage = ConnectionView['keyStorage']

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
  // One client per connection so its pacing (60 requests a minute) is shared by all calls.
  const clients = new Map<string, { baseUrl: string; apiKey: string; client: C }>()

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

  const fetchAccount = (baseUrl: string, apiKey: string): Promise<Account> =>
    scrubbingKey(apiKey, async () => {
      const client = marketplace.createClient({ baseUrl, apiKey })
      try {
        return await client.getAccount()
      } catch (e) {
        if (kindOf(e) !== 'unauthorized') throw e
        // real-installs §14: a banned seller's account read is refused while the catalogue still
        // answers. "Key refused" would send the seller hunting for a key that works.
        const listed = await client.listItemsReport().then(
          (l) => l.items.length > 0 || l.skipped.length > 0,
          () => false
        )
        if (listed) throw new AppFailure('unauthorized', ACCOUNT_REFUSED_MESSAGE)
        throw e
      }
    })

  /** Real installs answer 404 "No Items Found" for buyers and for shops with 0 or 1 item. */
  const listsItems = (baseUrl: string, apiKey: string): Promise<boolean> =>
    scrubbingKey(apiKey, async () => {
      try {
        const list = await marketplace.createClient({ baseUrl, apiKey }).listItemsReport()
        return list.items.length > 0 || list.skipped.length > 0
      } catch (e) {
        if (kindOf(e) === 'not-found') return false
        // A 500 on the list is a seller's item with a data fault (real-installs §18).
        if (kindOf(e) === 'server') return true
        throw e
      }
    })

  const find = async (id: string): Promise<StoredConnection> => {
    const found = (await settings.read()).connections.find((c) => c.id === id)
    if (!found) throw new AppFailure('not-found', UNKNOWN_CONNECTION_MESSAGE)
    return found
  }

  const keychainHas = async (id: string): Promise<boolean> => {
    if ((await keychain.status()) === 'unavailable') return false
    try {
      return (await keychain.get(id)) !== null
    } catch {
      return false
    }
  }

  const storageOf = async (c: StoredConnection): Promise<KeyStorage> => {
    // The demo's key is public and re-issued each run: it always lives in the session.
    if (c.isDemo) return 'session'
    if ((await session.get(c.id)) !== null) return 'session'
    return (await keychainHas(c.id)) ? 'keychain' : 'none'
  }

  const view = async (c: StoredConnection): Promise<ConnectionView> => ({
    id: c.id,
    label: c.label,
    baseUrl: c.baseUrl,
    isDemo: c.isDemo,
    keyStorage: await storageOf(c)
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

  const requireKeychain = async (): Promise<void> => {
    if ((await keychain.status()) === 'unavailable')
      throw new AppFailure('keychain-unavailable', KEYCHAIN_UNAVAILABLE_MESSAGE)
  }

  /** Puts the key where the user asked and makes sure no copy is left in the other store. */
  const storeKey = async (
    id: string,
    apiKey: string,
    where: 'keychain' | 'session'
  ): Promise<void> => {
    if (where === 'keychain') {
      await keychain.set(id, apiKey)
      await session.delete(id)
    } else {
      await session.set(id, apiKey)
      await forgetKeychainKey(id)
    }
  }

  const forgetKeychainKey = async (id: string): Promise<void> => {
    if ((await keychain.status()) === 'unavailable') return
    try {
      await keychain.delete(id)
    } catch {
      log.warn('[connections] Could not delete a key from the keychain.')
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
    if (where === 'keychain') await requireKeychain()
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
    await storeKey(connection.id, request.apiKey, where)
    try {
      await settings.update((s) => ({
        ...s,
        connections: [...s.connections, connection],
        activeId: connection.id
      }))
    } catch (e) {
      await session.delete(connection.id)
      await forgetKeychainKey(connection.id)
      throw e
    }
    return view(connection)
  }

  const currentKey = async (c: StoredConnection): Promise<string | null> => {
    const inSession = await session.get(c.id)
    if (inSession !== null) return inSession
    if ((await keychain.status()) === 'unavailable')
      throw new AppFailure('keychain-unavailable', keychainLockedMessage(c.label))
    return keychain.get(c.id)
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
      const before = await storageOf(existing)
      const target: 'keychain' | 'session' =
        request.sessionOnly === true
          ? 'session'
          : request.sessionOnly === false || before !== 'session'
            ? 'keychain'
            : 'session'
      const moving = target !== before
      if ((request.apiKey !== undefined || moving) && target === 'keychain') await requireKeychain()
      if (urlChanged || moving || request.apiKey !== undefined) {
        const apiKey = request.apiKey ?? (await currentKey(existing))
        if (apiKey === null)
          throw new AppFailure('no-connection', keyMissingMessage(existing.label))
        // A new address or key is checked before anything is saved.
        if (urlChanged || request.apiKey !== undefined) await fetchAccount(baseUrl, apiKey)
        if (request.apiKey !== undefined || moving) await storeKey(existing.id, apiKey, target)
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
    clients.delete(updated.id)
    if (urlChanged) await forgetCache(updated.id)
    return view(updated)
  }

  const remove = async (
    request: ParsedRequestOf<'removeConnection'>
  ): Promise<ConnectionsState> => {
    const existing = (await settings.read()).connections.find((c) => c.id === request.id)
    if (existing) {
      await session.delete(existing.id)
      await forgetKeychainKey(existing.id)
      clients.delete(existing.id)
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

  /** Starts the demo when needed and points its connection at this run's address. */
  const syncDemo = async (): Promise<StoredConnection> => {
    if (!options.demo) throw new AppFailure('internal', DEMO_UNAVAILABLE_MESSAGE)
    const running = await options.demo.ensure()
    let result: StoredConnection | undefined
    await settings.update((s) => {
      const existing = s.connections.find((c) => c.isDemo)
      result = existing
        ? { ...existing, baseUrl: running.baseUrl }
        : { id: newId(), label: DEMO_LABEL, baseUrl: running.baseUrl, isDemo: true }
      const connection = result
      const connections = existing
        ? s.connections.map((c) => (c.id === connection.id ? connection : c))
        : [...s.connections, connection]
      return { ...s, connections }
    })
    const demo = result!
    await session.set(demo.id, running.apiKey)
    return demo
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
    const apiKey = await currentKey(connection)
    if (apiKey === null) throw new AppFailure('no-connection', keyMissingMessage(connection.label))
    return fetchAccount(connection.baseUrl, apiKey)
  }

  const activeClient = async (): Promise<ActiveClient<C>> => {
    const s = await settings.read()
    let active = s.connections.find((c) => c.id === s.activeId)
    if (!active) throw new AppFailure('no-connection', NO_CONNECTION_MESSAGE)
    if (active.isDemo) active = await syncDemo()
    const apiKey = await currentKey(active)
    if (apiKey === null) throw new AppFailure('no-connection', keyMissingMessage(active.label))
    const known = clients.get(active.id)
    if (known && known.baseUrl === active.baseUrl && known.apiKey === apiKey) {
      return { connectionId: active.id, client: known.client }
    }
    const client = keyScrubbed(
      marketplace.createClient({ baseUrl: active.baseUrl, apiKey }),
      apiKey
    )
    clients.set(active.id, { baseUrl: active.baseUrl, apiKey, client })
    return { connectionId: active.id, client }
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
    activeClient
  }
}

/**
 * The same client, except that no error it throws can mention the key. Every client
 * method is asynchronous, so each call goes through `scrubbingKey`.
 */
function keyScrubbed<C extends MarketplaceClientLike>(client: C, apiKey: string): C {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) =>
        scrubbingKey(apiKey, async () =>
          (value as (...a: unknown[]) => unknown).apply(target, args)
        )
    }
  })
}
