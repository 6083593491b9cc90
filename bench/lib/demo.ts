import { startDemoServer, type DemoServer } from '../../electron/demo'
import { getPacer } from '../../electron/main/marketplace/pacer-registry'

/**
 * The spec-mode demo with the bench's catalogue size. Like the app's built-in demo, its
 * origin's pacer is told the demo has no real limit, or every call would be paced as a
 * real install's 60 a minute and the bench would measure waiting, not work.
 */
export async function startSpecDemo(size: number): Promise<DemoServer> {
  const demo = await startDemoServer({ mode: 'spec', size, port: 0 })
  getPacer(demo.baseUrl, { limit: 6000, windowMs: 60_000 })
  return demo
}
