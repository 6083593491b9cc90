/**
 * The floor measure's P6 child: the trivial server (node:http, no dependencies) serving the
 * one-card page at "/", started by plain `node` on its bundle (out/bench-floor/). Prints one
 * JSON line with its address once it listens; stops on SIGTERM.
 */
import { cardPage } from '../lib/floor-pages'
import { startFloorServer } from '../lib/floor-server'

startFloorServer(new Map([['/', cardPage()]])).then(
  (server) => {
    process.on('SIGTERM', () => {
      server.close().then(
        () => process.exit(0),
        () => process.exit(1)
      )
    })
    process.stdout.write(`${JSON.stringify({ url: server.url })}\n`)
  },
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e))
    process.exit(1)
  }
)
