/** See release.mjs. */
export function signingPlan(
  os: string,
  env: NodeJS.ProcessEnv
): { signed: boolean; how: string; env: Record<string, string> }
export function azureSignOptions(env: NodeJS.ProcessEnv): {
  publisherName: string
  endpoint: string
  codeSigningAccountName: string
  certificateProfileName: string
} | null
export function releaseNotes(changelog: string, version: string, unsigned: string[]): string
export function sha256sums(dir: string): string
