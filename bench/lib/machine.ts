import { cpus, freemem, totalmem, type as osType, release, arch } from 'node:os'

export interface Machine {
  cpu: string
  cores: number
  memoryBytes: number
  freeMemoryBytes: number
  os: string
  node: string
  date: string
}

export function machine(): Machine {
  const list = cpus()
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryBytes: totalmem(),
    freeMemoryBytes: freemem(),
    os: `${osType()} ${release()} ${arch()}`,
    node: process.version,
    date: new Date().toISOString()
  }
}
