/** What the connection service needs from the demo launcher. */
export interface DemoPort {
  /** Starts the in-process demo marketplace once per run; later calls get the same one. */
  ensure(): Promise<{ baseUrl: string; apiKey: string }>
  /** Whether this run started it: background reads must not start it on their own. */
  started?(): boolean
}
