import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  azureSignOptions,
  releaseNotes,
  sha256sums,
  signingPlan
} from '../../electron/tools/release.mjs'

// What the release workflow decides on each runner (.github/workflows/release.yml).

const APPLE_ID = { APPLE_ID: 'a@b.c', APPLE_APP_SPECIFIC_PASSWORD: 'p', APPLE_TEAM_ID: 'T' }
const MAC_CERT = { CSC_LINK: 'base64', CSC_KEY_PASSWORD: 'pw' }
const AZURE = {
  AZURE_TENANT_ID: 't',
  AZURE_CLIENT_ID: 'c',
  AZURE_CLIENT_SECRET: 's',
  AZURE_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net'
}

describe('signing from repository secrets', () => {
  it('builds unsigned without secrets, says so, and stops macOS picking any certificate', () => {
    for (const os of ['Windows', 'macOS']) {
      const plan = signingPlan(os, {})
      expect(plan.signed).toBe(false)
      expect(plan.env).toEqual({
        CSC_IDENTITY_AUTO_DISCOVERY: 'false',
        ARTIFACT_SUFFIX: '-unsigned'
      })
    }
    // Empty strings are what GitHub passes for a secret that is not set.
    expect(signingPlan('Windows', { WIN_CSC_LINK: '', WIN_CSC_KEY_PASSWORD: '' }).signed).toBe(
      false
    )
  })

  it('signs Windows with a certificate or Azure Trusted Signing', () => {
    expect(signingPlan('Windows', { WIN_CSC_LINK: 'x', WIN_CSC_KEY_PASSWORD: 'y' })).toMatchObject({
      signed: true,
      how: 'code-signing certificate',
      env: { ARTIFACT_SUFFIX: '' }
    })
    expect(signingPlan('Windows', AZURE).how).toBe('Azure Trusted Signing')
    expect(azureSignOptions({})).toBeNull()
    expect(
      azureSignOptions({
        ...AZURE,
        AZURE_SIGNING_ACCOUNT: 'acct',
        AZURE_SIGNING_PROFILE: 'prof',
        AZURE_PUBLISHER_NAME: 'Seller Desk'
      })
    ).toEqual({
      publisherName: 'Seller Desk',
      endpoint: 'https://weu.codesigning.azure.net',
      codeSigningAccountName: 'acct',
      certificateProfileName: 'prof'
    })
  })

  it('calls a macOS build signed only when it is notarized too', () => {
    expect(signingPlan('macOS', MAC_CERT).signed).toBe(false)
    expect(signingPlan('macOS', { ...MAC_CERT, ...APPLE_ID })).toMatchObject({
      signed: true,
      how: 'Developer ID, notarized with an Apple ID'
    })
    const apiKey = { APPLE_API_KEY: 'k.p8', APPLE_API_KEY_ID: 'id', APPLE_API_ISSUER: 'iss' }
    expect(signingPlan('macOS', { ...MAC_CERT, ...apiKey }).how).toMatch(/API key/)
    expect(signingPlan('macOS', APPLE_ID).signed).toBe(false)
  })
})

const CHANGELOG = `# Changelog

## [Unreleased]

- Not yet.

## [0.2.0] - 2026-12-01

### Added
- Automatic updates.

## [0.1.0] - 2026-11-27

- First release.
`

describe('release notes from CHANGELOG.md', () => {
  it('takes the version section only', () => {
    expect(releaseNotes(CHANGELOG, '0.2.0', [])).toBe('### Added\n- Automatic updates.\n')
    expect(releaseNotes(CHANGELOG, '0.1.0', [])).toBe('- First release.\n')
  })

  it('adds what each unsigned system shows the seller', () => {
    const notes = releaseNotes(CHANGELOG, '0.2.0', ['Windows', 'macOS'])
    expect(notes).toContain('### Unsigned builds in this release')
    expect(notes).toContain('Windows protected your PC')
    expect(notes).toContain('macOS: unsigned and not notarized')
  })

  it('refuses a version with no section', () => {
    expect(() => releaseNotes(CHANGELOG, '0.3.0', [])).toThrow('no "## [0.3.0]" section')
  })
})

describe('SHA256SUMS', () => {
  it('lists every file by name in sha256sum -c format, skipping folders and itself', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seller-desk-sums-'))
    try {
      await writeFile(join(dir, 'b.deb'), 'bee')
      await writeFile(join(dir, 'a.AppImage'), 'ay')
      await writeFile(join(dir, 'SHA256SUMS'), 'old')
      await mkdir(join(dir, 'signing'))
      const hex = (s: string): string => createHash('sha256').update(s).digest('hex')
      expect(sha256sums(dir)).toBe(`${hex('ay')}  a.AppImage\n${hex('bee')}  b.deb\n`)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
