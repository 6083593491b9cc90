import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Every file under `dir`, recursively, with its bytes as latin1 text (binary-safe grep). */
export async function filesUnder(dir: string): Promise<Array<{ path: string; text: string }>> {
  const out: Array<{ path: string; text: string }> = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await filesUnder(path)))
    else if (entry.isFile()) out.push({ path, text: (await readFile(path)).toString('latin1') })
  }
  return out
}

/** Paths of the files under `dir` that contain `needle`. */
export async function filesContaining(dir: string, needle: string): Promise<string[]> {
  return (await filesUnder(dir)).filter((f) => f.text.includes(needle)).map((f) => f.path)
}
