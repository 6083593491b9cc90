/**
 * The project's site: the .deb's homepage (electron-builder.config.ts), the Help menu and
 * the About panel. package.json has no `homepage`, so this is the one place it is set:
 * replace it with the publisher's real one before shipping.
 */
export const HOMEPAGE = 'https://sellerdesk.app'

/**
 * Where releases are published (the release workflow drafts them there, electron-updater
 * reads them): each version's notes are at `${RELEASES_URL}/tag/v<version>`. Replace it
 * with the real repository's before shipping, as electron-builder.config.ts's fallback.
 */
export const RELEASES_URL = 'https://github.com/sellerdesk/seller-desk/releases'
