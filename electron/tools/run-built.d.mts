/** See run-built.mjs. */
export function runBuilt(name: 'cli' | 'demo-server', args: string[]): Promise<boolean>
