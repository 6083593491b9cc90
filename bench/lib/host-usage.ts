/**
 * The spawned host's buffers outside the JS heap (bench/measures/p6-host-child.ts): `external`
 * alone. Node's docs say arrayBuffers "is also included in the external value", so adding it
 * would count every Buffer and ArrayBuffer twice.
 */
export function outsideHeapBytes(
  memory: Pick<NodeJS.MemoryUsage, 'external' | 'arrayBuffers'>
): number {
  return memory.external
}
