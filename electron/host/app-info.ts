import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import type { AppInfo } from '../../shared/ipc/contract'
import { repoRoot } from './paths'

const PackageSchema = z.object({
  name: z.string(),
  productName: z.string().optional(),
  version: z.string()
})

/** What Electron's app.getName()/getVersion() report, read from the same package.json. */
export function readAppInfo(root: string = repoRoot): Omit<AppInfo, 'transport'> {
  const pkg = PackageSchema.parse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')))
  return { name: pkg.productName ?? pkg.name, version: pkg.version, platform: process.platform }
}
