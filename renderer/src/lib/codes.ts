// The rules live in shared/purchase-code.ts, one home for main and the renderer.
export { isOneWord, isUuidShaped, normaliseCode, shortCode } from '../../../shared/purchase-code'
