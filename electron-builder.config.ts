import type { Configuration } from 'electron-builder'
import { HOMEPAGE } from './electron/main/homepage'
import pkg from './package.json'
import { azureSignOptions } from './electron/tools/release.mjs'

/**
 * Installers for the three desktop systems: `npm run dist` (or dist:linux / dist:win /
 * dist:mac) after `npm run build`. A TypeScript file rather than YAML so that the config is
 * type-checked against electron-builder's own types and the packaging test can import it.
 */

// The .deb format requires a homepage and a maintainer with an e-mail; package.json has
// neither, so they are set here (the homepage in electron/main/homepage.ts, which the Help
// menu shares). Replace them with the publisher's real ones before shipping.
const MAINTAINER = 'Seller Desk <desk@sellerdesk.app>'

// What a packaged Electron still needs at run time besides the defaults electron-builder
// lists for Debian; libsecret is keytar's backend (the key lives in the OS keychain).
const DEB_DEPENDS = [
  'libgtk-3-0',
  'libnotify4',
  'libnss3',
  'libxss1',
  'libxtst6',
  'xdg-utils',
  'libatspi2.0-0',
  'libuuid1',
  'libsecret-1-0'
]

// Where releases are published and the app looks for updates (electron-updater reads the
// app-update.yml this writes into the app). The release workflow sets GITHUB_REPOSITORY; a
// local `npm run dist` uses the fallback: replace it with the real repository before shipping.
const [OWNER = 'sellerdesk', REPO = 'seller-desk'] = (
  process.env['GITHUB_REPOSITORY'] ?? 'sellerdesk/seller-desk'
).split('/')

// "-unsigned" in every artifact name when the release workflow has no signing secrets
// (electron/tools/release.mjs signingPlan); empty otherwise and for local builds.
const SUFFIX = process.env['ARTIFACT_SUFFIX'] ?? ''
/** seller-desk-<version>-<middle><suffix>.<ext>, in electron-builder's macros. */
const artifact = (middle: string): string => `seller-desk-\${version}-${middle}${SUFFIX}.\${ext}`

const config: Configuration = {
  appId: 'app.sellerdesk.desktop',
  productName: pkg.productName,
  copyright: `Copyright © ${pkg.author}`,
  extraMetadata: { homepage: HOMEPAGE },
  directories: { output: 'dist', buildResources: 'build' },

  // Only the built app: electron-vite's out/ (main with the demo media it copies there,
  // preload, renderer) and package.json. Production node_modules are added by electron-builder.
  files: [
    'out/**/*',
    'package.json',
    // The browser host, demo-server and bench programs (plain Node, for a checkout): not the app's.
    '!out/host/**',
    '!out/bench/**',
    '!**/*.map',
    '!**/*.{ts,tsx,mts,cts}',
    '!**/*.{md,markdown}',
    '!**/{test,tests,__tests__}/**'
  ],
  asar: true,
  // A native module cannot be loaded from inside an asar archive.
  asarUnpack: ['**/*.node', 'node_modules/keytar/**'],
  npmRebuild: true,

  // sellerdesk://check?code=<code> opens the app on a check (README "Quick lookup"): the
  // installers register the scheme (macOS Info.plist, Windows registry, Linux .desktop MimeType).
  protocols: [{ name: 'Seller Desk', schemes: ['sellerdesk'] }],

  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    enableCookieEncryption: true,
    // The page comes from app:// (glue/app-protocol.ts); file:// needs no extra powers.
    grantFileProtocolExtraPrivileges: false
  },

  linux: {
    target: ['AppImage', 'deb'],
    executableName: 'seller-desk',
    icon: 'build/icons',
    category: 'Office',
    maintainer: MAINTAINER,
    synopsis: 'Account, catalogue and purchase-code checks for Seller API marketplaces',
    artifactName: artifact('${arch}')
  },
  // The tray icon needs AppIndicator/StatusNotifier support on GNOME; recommended, not required.
  deb: { depends: DEB_DEPENDS, recommends: ['libayatana-appindicator3-1'] },

  win: {
    target: ['nsis'],
    icon: 'build/icon.ico',
    artifactName: artifact('setup-${arch}'),
    // A certificate comes from WIN_CSC_LINK; Azure Trusted Signing from its AZURE_* secrets.
    azureSignOptions: azureSignOptions(process.env)
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
    shortcutName: pkg.productName
  },

  mac: {
    // The zip is what electron-updater installs on macOS; the dmg is for a first install.
    target: ['dmg', 'zip'],
    icon: 'build/icon.icns',
    category: 'public.app-category.business',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    artifactName: artifact('${arch}'),
    // Notarized when APPLE_API_KEY* or APPLE_ID/APPLE_APP_SPECIFIC_PASSWORD/APPLE_TEAM_ID are set.
    notarize: true
  },
  dmg: { artifactName: artifact('${arch}') },

  // The release workflow builds with --publish never and drafts the GitHub Release itself
  // (with SHA256SUMS and the CHANGELOG notes); this only tells electron-updater where to look.
  publish: [{ provider: 'github', owner: OWNER, repo: REPO, releaseType: 'draft' }]
}

export default config
