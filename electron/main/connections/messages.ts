/** Seller-facing sentences of the connection service, kept together for review. */

export const notASellerMessage = (username: string): string =>
  `This key belongs to @${username}, but the marketplace lists no items for it. ` +
  "If it's a buyer account, use your seller account's key; if your shop has one item or none yet, choose Save anyway."

export const NO_CONNECTION_MESSAGE =
  'No marketplace is connected yet. Add your marketplace and API key, or explore the demo.'

export const UNKNOWN_CONNECTION_MESSAGE =
  'That connection no longer exists. Pick another one from the list.'

export const keyMissingMessage = (label: string): string =>
  `The API key for ${label} is not saved on this computer any more. Edit the connection and enter the key again.`

export const keychainLockedMessage = (label: string): string =>
  `Seller Desk can't reach the system keychain, where the key for ${label} is kept. ` +
  'Unlock or start your keychain and try again, or edit the connection, enter the key again and keep it for this session only.'

export const BAD_URL_MESSAGE =
  "That doesn't look like a marketplace address. Enter the site's address, for example https://market.example.com."

export const DEMO_UNAVAILABLE_MESSAGE =
  'The demo marketplace is not available in this build of Seller Desk.'

export const DEMO_FIXED_MESSAGE =
  "The demo marketplace's address and key are set by Seller Desk; only its name can be changed."

export const DEMO_LABEL = 'Demo marketplace'

export const ACCOUNT_REFUSED_MESSAGE =
  'The marketplace accepts this key for your items but refuses its account details, as it does for a suspended seller account. ' +
  "Check your account's standing with the marketplace; Seller Desk needs the account details to connect."

export const newOriginNeedsKeyMessage = (host: string): string =>
  `A saved key is only sent to the marketplace it was saved for. Enter the API key for ${host} to move this connection there.`

export const URL_TOO_LONG_MESSAGE =
  "That marketplace address is too long to save. Enter only the site's address, for example https://market.example.com."

export const keyBoundElsewhereMessage = (savedHost: string, host: string): string =>
  `The saved API key belongs to ${savedHost}, but this connection now points at ${host} (its settings were changed outside Seller Desk), so the key was not sent. ` +
  `If you meant to move it, edit the connection and enter the key for ${host}.`
