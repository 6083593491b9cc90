import packageJson from '../../../package.json'

/**
 * `SellerDesk/<version>`: real installs redirect any agent containing Mozilla, Chrome,
 * Firefox, Opera or Edge to their home page (real-installs §1), so never a browser's.
 */
export function defaultUserAgent(): string {
  return `SellerDesk/${packageJson.version}`
}
