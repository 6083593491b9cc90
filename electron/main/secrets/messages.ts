/** Shown whenever a key would have to go to a keychain Seller Desk cannot reach. */
export const KEYCHAIN_UNAVAILABLE_MESSAGE =
  "Seller Desk can't reach the system keychain, so it can't save the key safely. " +
  'You can keep it for this session only: it stays in memory and is forgotten when the app closes.'
