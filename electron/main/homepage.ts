/**
 * The project's site: the .deb's homepage (electron-builder.config.ts), the Help menu and
 * the About panel. package.json has no `homepage`, so this is the one place it is set:
 * replace it with the publisher's real one before shipping.
 */
export const HOMEPAGE = 'https://sellerdesk.app'
