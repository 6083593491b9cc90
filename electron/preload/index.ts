import { contextBridge, ipcRenderer } from 'electron'
import { channelMethods, channels } from '../../shared/ipc/channels'
import { BRIDGE_GLOBAL, type SellerDeskApi } from '../../shared/ipc/api'
import { mediaProtocolUrl } from '../../shared/media-url'

// The only bridge: named methods that forward a plain request and return a plain Result.
// No ipcRenderer, no event objects, no callbacks reach the page. Main validates every
// request, so nothing is checked here. Only channels.ts is imported: a sandboxed preload
// cannot require packages.
const api: Record<string, unknown> = {}
for (const method of channelMethods) {
  const channel = channels[method]
  api[method] = (request?: unknown) => ipcRenderer.invoke(channel, request)
}
api['mediaUrl'] = (remoteUrl: string) => mediaProtocolUrl(remoteUrl)

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, api as SellerDeskApi)
