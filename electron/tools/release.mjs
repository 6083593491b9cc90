#!/usr/bin/env node
// The release workflow's decisions, in plain Node so they are tested here rather than
// discovered on a tag (.github/workflows/release.yml calls each command):
//
//   node electron/tools/release.mjs signing <Linux|Windows|macOS>   # KEY=value lines for $GITHUB_OUTPUT and $GITHUB_ENV
//   node electron/tools/release.mjs notes <version> <unsigned systems, comma-separated> > notes.md
//   node electron/tools/release.mjs sums <folder> > SHA256SUMS
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../../..')

const has = (env, ...names) => names.every((n) => typeof env[n] === 'string' && env[n] !== '')

/**
 * Whether this runner can sign, from the repository secrets the workflow passes as
 * environment variables, and the variables electron-builder then needs. Without secrets the
 * build still runs: signing is skipped explicitly (CSC_IDENTITY_AUTO_DISCOVERY=false, so
 * macOS does not pick some other certificate from the keychain) and the artifacts are
 * named "-unsigned".
 *
 * @param {string} os the runner's OS as GitHub names it (Linux, Windows, macOS)
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ signed: boolean, how: string, env: Record<string, string> }}
 */
export function signingPlan(os, env) {
  const unsigned = (how) => ({
    signed: false,
    how,
    env: { CSC_IDENTITY_AUTO_DISCOVERY: 'false', ARTIFACT_SUFFIX: '-unsigned' }
  })
  if (os === 'Linux')
    // AppImage and deb are not code-signed; SHA256SUMS and the release itself vouch for them.
    return { signed: true, how: 'not applicable (checksums)', env: { ARTIFACT_SUFFIX: '' } }
  if (os === 'Windows') {
    if (
      has(
        env,
        'AZURE_TENANT_ID',
        'AZURE_CLIENT_ID',
        'AZURE_CLIENT_SECRET',
        'AZURE_SIGNING_ENDPOINT'
      )
    )
      return { signed: true, how: 'Azure Trusted Signing', env: { ARTIFACT_SUFFIX: '' } }
    if (has(env, 'WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'))
      return { signed: true, how: 'code-signing certificate', env: { ARTIFACT_SUFFIX: '' } }
    return unsigned('no Windows certificate or Azure Trusted Signing secrets')
  }
  if (os === 'macOS') {
    if (!has(env, 'CSC_LINK', 'CSC_KEY_PASSWORD'))
      return unsigned('no Developer ID certificate secret')
    const apiKey = has(env, 'APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER')
    const appleId = has(env, 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID')
    // A signed app that is not notarized still meets Gatekeeper's warning: call it unsigned.
    if (!apiKey && !appleId) return unsigned('a certificate but no notarization secrets')
    return {
      signed: true,
      how: `Developer ID, notarized with ${apiKey ? 'an App Store Connect API key' : 'an Apple ID'}`,
      env: { ARTIFACT_SUFFIX: '' }
    }
  }
  throw new Error(`signingPlan: unknown runner OS ${os}`)
}

/**
 * Azure Trusted Signing for electron-builder's win.azureSignOptions, when its secrets are
 * there (the credentials themselves are read from AZURE_* by the signing tool).
 *
 * @param {NodeJS.ProcessEnv} env
 */
export function azureSignOptions(env) {
  if (!signingPlan('Windows', env).how.startsWith('Azure')) return null
  if (!has(env, 'AZURE_SIGNING_ACCOUNT', 'AZURE_SIGNING_PROFILE', 'AZURE_PUBLISHER_NAME'))
    return null
  return {
    publisherName: env.AZURE_PUBLISHER_NAME,
    endpoint: env.AZURE_SIGNING_ENDPOINT,
    codeSigningAccountName: env.AZURE_SIGNING_ACCOUNT,
    certificateProfileName: env.AZURE_SIGNING_PROFILE
  }
}

/**
 * The release notes: the CHANGELOG.md section for `version` ("## [x.y.z]" or "## x.y.z"),
 * then, for each system whose build is unsigned, what the seller will see. Throws when the
 * section is missing: a release without notes is a mistake to stop at.
 *
 * @param {string} changelog
 * @param {string} version without the leading v
 * @param {string[]} unsigned runner OS names whose artifacts are unsigned
 */
export function releaseNotes(changelog, version, unsigned) {
  const lines = changelog.split(/\r?\n/)
  const heading = new RegExp(`^## \\[?v?${version.replace(/\./g, '\\.')}\\]?(\\s|$)`)
  const start = lines.findIndex((l) => heading.test(l))
  if (start < 0) throw new Error(`CHANGELOG.md has no "## [${version}]" section`)
  const end = lines.findIndex((l, i) => i > start && /^## /.test(l))
  const body = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim()
  const warnings = {
    Windows:
      '- **Windows: unsigned.** SmartScreen says "Windows protected your PC": choose More info, then Run anyway.',
    macOS:
      '- **macOS: unsigned and not notarized.** macOS refuses to open it at first: open it from Finder with Control-click, Open, or allow it in System Settings, Privacy & Security. Automatic updates need a signed build, so download new versions by hand.'
  }
  const notices = unsigned.filter((os) => os in warnings).map((os) => warnings[os])
  if (notices.length === 0) return `${body}\n`
  return `${body}\n\n### Unsigned builds in this release\n\n${notices.join('\n')}\n\nSee docs/install.md for what each system shows.\n`
}

/**
 * SHA256SUMS for every file in `dir` (not folders), sorted by name, in the format
 * `sha256sum -c` reads.
 *
 * @param {string} dir
 */
export function sha256sums(dir) {
  return readdirSync(dir)
    .filter((name) => name !== 'SHA256SUMS' && statSync(join(dir, name)).isFile())
    .sort()
    .map((name) => {
      const hash = createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex')
      return `${hash}  ${name}\n`
    })
    .join('')
}

function main([command, ...args]) {
  if (command === 'signing') {
    const plan = signingPlan(args[0] ?? '', process.env)
    const lines = [
      `signed=${plan.signed}`,
      ...Object.entries(plan.env).map(([k, v]) => `${k}=${v}`)
    ]
    console.error(`Signing on ${args[0]}: ${plan.signed ? plan.how : `unsigned (${plan.how})`}`)
    process.stdout.write(`${lines.join('\n')}\n`)
  } else if (command === 'notes') {
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8')
    const unsigned = (args[1] ?? '').split(',').filter(Boolean)
    process.stdout.write(releaseNotes(changelog, (args[0] ?? '').replace(/^v/, ''), unsigned))
  } else if (command === 'sums') {
    process.stdout.write(sha256sums(args[0] ?? '.'))
  } else {
    console.error(
      'usage: node electron/tools/release.mjs <signing OS | notes VERSION UNSIGNED | sums DIR>'
    )
    process.exit(2)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2))
