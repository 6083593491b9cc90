export type KeychainStatus = 'available' | 'unavailable'

/**
 * Where API keys live, one entry per connection id. Implementations never log or echo
 * the secret, and their errors never carry it.
 */
export interface SecretStore {
  /** Whether secrets can be stored at all; probed once, cheap afterwards. */
  status(): Promise<KeychainStatus>
  get(connectionId: string): Promise<string | null>
  set(connectionId: string, secret: string): Promise<void>
  /** true when an entry existed and is gone. */
  delete(connectionId: string): Promise<boolean>
}
