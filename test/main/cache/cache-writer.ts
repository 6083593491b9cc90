// Child process for the "killed mid-write" test: writes ever newer, large item lists into
// the catalogue cache as fast as it can and reports each completed generation on stdout.
import { FileCatalogueCache } from '../../../electron/main/cache/catalogue-cache'
import { makeItem } from '../../support/model-fixtures'

const [dataDir, startArg] = process.argv.slice(2)
if (!dataDir) throw new Error('usage: cache-writer <dataDir> <firstGeneration>')
const cache = new FileCatalogueCache({ dataDir, log: { warn: () => {} } })
const padding = 'x'.repeat(2_000)

async function main(): Promise<void> {
  for (let generation = Number(startArg ?? '1'); ; generation++) {
    const items = Array.from({ length: 400 }, (_, i) =>
      makeItem(i + 1, { name: `gen-${generation}`, description: padding })
    )
    await cache.writeItems('conn-1', {
      fetchedAt: new Date().toISOString(),
      data: { items, skipped: [], listProblem: null }
    })
    process.stdout.write(`done ${generation}\n`)
  }
}
void main()
