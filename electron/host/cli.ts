import { buildApp, rendererIsBuilt } from './build-renderer'
import { HOST_USAGE, parseHostArgs, type HostCliOptions } from './cli-args'
import { launchHost, type RunningHost } from './launch'
import { openInBrowser } from './open-url'
import type { HostServer } from './server'
import { defaultRendererDir } from './paths'
import { FolderInUse } from '../main/storage/folder-lock'
import { preferSmallHeap } from '../main/util/small-heap'

// `npm run start:web`: Seller Desk in the system browser, for machines without the
// Electron binary. Prints the address on a line starting "Seller Desk: " (scripts and
// tests look for it) and runs until SIGINT/SIGTERM.

function options(): HostCliOptions {
  try {
    return parseHostArgs(process.argv.slice(2))
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n\n${HOST_USAGE}`)
    process.exit(2)
  }
}

async function main(): Promise<void> {
  preferSmallHeap()
  const opts = options()
  if (opts.help) {
    console.log(HOST_USAGE)
    return
  }
  if (!rendererIsBuilt(defaultRendererDir)) {
    console.log('The app is not built yet: building it first (npm run build)…')
    await buildApp()
  }
  let opened: Promise<void> = Promise.resolve()
  // The address as soon as the host listens: the browser opens while the app's code loads.
  const announce = (server: HostServer): void => {
    console.log(`Data folder: ${opts.dataDir}`)
    console.log(`Seller Desk: ${server.url}`)
    console.log(
      'Keep this address to yourself: it grants access to this session. Press Ctrl+C to stop.'
    )
    if (opts.open)
      opened = openInBrowser(server.url).then((ok) => {
        if (!ok) console.log('Could not open a browser here: open the address above yourself.')
      })
  }
  // Ctrl+C while the app is still loading stops it too, once it can be closed cleanly.
  let host: RunningHost | null = null
  let stopping = false
  const close = (running: RunningHost): void => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return
    stopping = true
    console.log(`\nStopping Seller Desk (${signal})…`)
    if (host) close(host)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  host = await launchHost({
    dataDir: opts.dataDir,
    port: opts.port,
    demo: opts.demo,
    onListening: announce
  })
  if (stopping) {
    close(host)
    return
  }

  if (host.demoProblem) console.log(`The demo marketplace did not start: ${host.demoProblem}`)
  else if (opts.demo) console.log('Connected to the built-in demo marketplace.')
  await opened
}

main().catch((e: unknown) => {
  if (e instanceof FolderInUse) {
    // One writer per data folder: name the running one rather than start a second.
    console.error(e.message)
    process.exit(1)
  }
  console.error(`Seller Desk could not start: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
})
