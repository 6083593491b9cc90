import type { Handlers } from '../ipc/dispatch'
import type { ConnectionService } from './service'

export type ConnectionHandlers = Pick<
  Handlers,
  | 'listConnections'
  | 'testConnection'
  | 'addConnection'
  | 'updateConnection'
  | 'removeConnection'
  | 'setActiveConnection'
  | 'startDemo'
>

export function connectionHandlers(connections: ConnectionService): ConnectionHandlers {
  return {
    listConnections: () => connections.list(),
    testConnection: (request) => connections.test(request),
    addConnection: (request) => connections.add(request),
    updateConnection: (request) => connections.update(request),
    removeConnection: (request) => connections.remove(request),
    setActiveConnection: (request) => connections.setActive(request),
    startDemo: () => connections.startDemo()
  }
}
