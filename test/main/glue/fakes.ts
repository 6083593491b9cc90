import { vi } from 'vitest'

/**
 * A stand-in for the parts of the 'electron' module the glue uses, for tests that run
 * where the Electron binary is missing (here and in CI). Each fake records what the glue
 * registered (listeners, handlers, window options) so a test can drive it like Electron
 * would and look at the answer. Used as `vi.mock('electron', () => fake.module)`.
 */

type Listener = (...args: never[]) => unknown

export class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>()
  on(name: string, listener: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener])
    return this
  }
  once(name: string, listener: Listener): this {
    return this.on(name, listener)
  }
  /** Calls every listener for `name` as Electron would; throws if the glue registered none. */
  emit(name: string, ...args: unknown[]): void {
    const found = this.listeners.get(name)
    if (!found?.length) throw new Error(`nothing listens to '${name}'`)
    for (const l of found) (l as (...a: unknown[]) => unknown)(...args)
  }
}

/** An event whose preventDefault the test can see. */
export function fakeEvent<T extends object>(
  extra: T = {} as T
): T & { preventDefault(): void; prevented: boolean } {
  const event = {
    ...extra,
    prevented: false,
    preventDefault() {
      event.prevented = true
    }
  }
  return event
}

export type PermissionRequestHandler = (
  wc: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: unknown
) => void
export type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]> }) => void
) => void

export class FakeSession {
  permissionRequest: PermissionRequestHandler | null = null
  permissionCheck: ((...args: unknown[]) => boolean) | null = null
  devicePermission: ((...args: unknown[]) => boolean) | null = null
  headersReceived: HeadersListener | null = null
  hardenCount = 0
  setPermissionRequestHandler(h: PermissionRequestHandler): void {
    this.hardenCount++
    this.permissionRequest = h
  }
  setPermissionCheckHandler(h: (...args: unknown[]) => boolean): void {
    this.permissionCheck = h
  }
  setDevicePermissionHandler(h: (...args: unknown[]) => boolean): void {
    this.devicePermission = h
  }
  webRequest = {
    onHeadersReceived: (h: HeadersListener): void => {
      this.headersReceived = h
    }
  }
}

export type WindowOpenHandler = (details: { url: string }) => { action: string }

export class FakeWebContents extends FakeEmitter {
  windowOpenHandler: WindowOpenHandler | null = null
  /** What sendInputEvent delivered to the page, in order. */
  readonly inputEvents: unknown[] = []
  sendInputEvent(event: unknown): void {
    this.inputEvents.push(event)
  }
  constructor(readonly session: FakeSession = new FakeSession()) {
    super()
  }
  setWindowOpenHandler(h: WindowOpenHandler): void {
    this.windowOpenHandler = h
  }
}

export type ProtocolHandler = (request: Request) => Promise<Response>
export type IpcHandler = (event: unknown, request: unknown) => Promise<unknown>

export interface ElectronFake {
  app: FakeEmitter & {
    enableSandbox: ReturnType<typeof vi.fn>
    setAboutPanelOptions: ReturnType<typeof vi.fn>
    ready(): Promise<void>
    setAsDefaultProtocolClient(...args: unknown[]): boolean
  }
  /** The template of the last Menu.setApplicationMenu, as the glue built it. */
  applicationMenu: { template: unknown[] } | null
  defaultSession: FakeSession
  protocolHandlers: Map<string, ProtocolHandler>
  privilegedSchemes: unknown[]
  ipcHandlers: Map<string, IpcHandler>
  windows: FakeBrowserWindow[]
  globalShortcut: FakeGlobalShortcut
  /** Whether Electron's net says the system is online. */
  net: { online: boolean }
  /** The clipboard's text; `clipboardFails` makes reading it throw. */
  clipboard: { text: string; fails: boolean }
  /** The displays, and where the pointer is with the work area of the display it is on. */
  screen: FakeScreen
  protocolClients: unknown[][]
  /** What the glue imports from 'electron'. */
  module: Record<string, unknown>
}

export class FakeBrowserWindow extends FakeEmitter {
  static created: FakeBrowserWindow[] = []
  loaded: { url?: string; file?: string; query?: Record<string, string> } = {}
  shown = false
  focused = false
  readonly webContents = new FakeWebContents()
  position: [number, number] | null = null
  /** What happened to the window, in order (show, hide, focus...). */
  readonly steps: string[] = []
  constructor(
    readonly options: Record<string, unknown> & { webPreferences: Record<string, unknown> }
  ) {
    super()
    FakeBrowserWindow.created.push(this)
  }
  async loadURL(url: string): Promise<void> {
    this.loaded = { url }
  }
  async loadFile(file: string, options?: { query?: Record<string, string> }): Promise<void> {
    this.loaded = options?.query ? { file, query: options.query } : { file }
  }
  show(): void {
    this.shown = true
    this.steps.push('show')
  }
  hide(): void {
    this.shown = false
    this.focused = false
    this.steps.push('hide')
  }
  focus(): void {
    this.focused = true
    this.steps.push('focus')
  }
  isVisible(): boolean {
    return this.shown
  }
  minimized = false
  isMinimized(): boolean {
    return this.minimized
  }
  restore(): void {
    this.minimized = false
    this.steps.push('restore')
  }
  reloads = 0
  reload(): void {
    this.reloads++
  }
  setPosition(x: number, y: number): void {
    this.position = [x, y]
  }
  // Placement, for glue/window-placement.ts: the test moves the window by setting these.
  normalBounds = { x: 0, y: 0, width: 1280, height: 800 }
  maximized = false
  destroyed = false
  getNormalBounds(): Rect {
    return { ...this.normalBounds }
  }
  isMaximized(): boolean {
    return this.maximized
  }
  maximize(): void {
    this.maximized = true
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
}

/** What a global shortcut registration met: taken combinations are refused as the OS would. */
export class FakeGlobalShortcut {
  readonly taken = new Set<string>()
  readonly registered = new Map<string, () => void>()
  register(accelerator: string, callback: () => void): boolean {
    if (!/^[A-Za-z]+(\+[A-Za-z0-9]+)+$/.test(accelerator))
      throw new Error('Failed to parse accelerator')
    if (this.taken.has(accelerator)) return false
    this.registered.set(accelerator, callback)
    return true
  }
  unregister(accelerator: string): void {
    this.registered.delete(accelerator)
  }
  unregisterAll(): void {
    this.registered.clear()
  }
  /** The OS delivers a key press to whoever holds the combination. */
  press(accelerator: string): void {
    const callback = this.registered.get(accelerator)
    if (!callback) throw new Error(`${accelerator} is not registered`)
    callback()
  }
}

export interface FakeMenuItem {
  type?: string
  label?: string
  enabled?: boolean
  click?: () => void
}

export class FakeTray {
  static created: FakeTray[] = []
  static refuse = false
  tooltip = ''
  menu: FakeMenuItem[] = []
  constructor(readonly image: { path: string }) {
    if (FakeTray.refuse) throw new Error('no tray on this desktop')
    FakeTray.created.push(this)
  }
  setToolTip(text: string): void {
    this.tooltip = text
  }
  setContextMenu(menu: { items: FakeMenuItem[] }): void {
    this.menu = menu.items
  }
}

/** A desktop notification as the glue made it; the test clicks it as the seller would. */
export class FakeNotification extends FakeEmitter {
  static created: FakeNotification[] = []
  static supported = true
  static isSupported(): boolean {
    return FakeNotification.supported
  }
  shown = false
  constructor(readonly options: { title: string; body: string }) {
    super()
    FakeNotification.created.push(this)
  }
  show(): void {
    this.shown = true
  }
}

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}
export interface FakeDisplay {
  id: number
  bounds: Rect
  workArea: Rect
}

/** Electron's screen over a list the test sets; the first display is the primary one. */
export class FakeScreen {
  /** Where the pointer is, and the work area of the display nearest to it (the lookup window). */
  pointer = { x: 0, y: 0 }
  workArea: Rect = { x: 0, y: 0, width: 1920, height: 1040 }
  getCursorScreenPoint(): { x: number; y: number } {
    return { ...this.pointer }
  }
  getDisplayNearestPoint(): { workArea: Rect } {
    return { workArea: { ...this.workArea } }
  }
  displays: FakeDisplay[] = [
    {
      id: 1,
      bounds: { x: 0, y: 0, width: 1920, height: 1080 },
      workArea: { x: 0, y: 0, width: 1920, height: 1040 }
    }
  ]
  getAllDisplays(): FakeDisplay[] {
    return this.displays
  }
  getPrimaryDisplay(): FakeDisplay {
    return this.displays[0]!
  }
  /** Like Electron: the display the rect overlaps most, else the primary one. */
  getDisplayMatching(rect: Rect): FakeDisplay {
    const area = (d: FakeDisplay): number =>
      Math.max(
        0,
        Math.min(rect.x + rect.width, d.bounds.x + d.bounds.width) - Math.max(rect.x, d.bounds.x)
      ) *
      Math.max(
        0,
        Math.min(rect.y + rect.height, d.bounds.y + d.bounds.height) - Math.max(rect.y, d.bounds.y)
      )
    const best = [...this.displays].sort((a, b) => area(b) - area(a))[0]!
    return area(best) > 0 ? best : this.getPrimaryDisplay()
  }
}

/** What the glue put on the clipboard, newest last. */
export const clipboardWrites: string[] = []

export function createElectronFake(): ElectronFake {
  let markReady: () => void = () => undefined
  const readyPromise = new Promise<void>((resolve) => (markReady = resolve))
  const protocolClients: unknown[][] = []
  const app = Object.assign(new FakeEmitter(), {
    enableSandbox: vi.fn(),
    getName: () => 'Seller Desk',
    getVersion: () => '0.1.0',
    setAboutPanelOptions: vi.fn(),
    setAsDefaultProtocolClient: (...args: unknown[]): boolean => {
      protocolClients.push(args)
      return true
    },
    whenReady: () => readyPromise,
    /** Resolves whenReady() as Electron does once, then waits for its callbacks to run. */
    ready: async (): Promise<void> => {
      markReady()
      await readyPromise
      await new Promise((r) => setTimeout(r, 0))
    }
  })
  const defaultSession = new FakeSession()
  const protocolHandlers = new Map<string, ProtocolHandler>()
  const privilegedSchemes: unknown[] = []
  const ipcHandlers = new Map<string, IpcHandler>()
  const windows = FakeBrowserWindow.created
  const screen = new FakeScreen()
  const globalShortcut = new FakeGlobalShortcut()
  const clipboardState = { text: '', fails: false }
  const netState = { online: true }
  const fake: ElectronFake = {
    net: netState,
    app,
    globalShortcut,
    clipboard: clipboardState,
    protocolClients,
    defaultSession,
    protocolHandlers,
    privilegedSchemes,
    ipcHandlers,
    windows,
    screen,
    applicationMenu: null,
    module: {
      app,
      session: { defaultSession },
      protocol: {
        // Electron takes the list once: a second call would silently drop the first's schemes.
        registerSchemesAsPrivileged: (schemes: unknown[]) => {
          if (privilegedSchemes.length > 0) throw new Error('registerSchemesAsPrivileged twice')
          privilegedSchemes.push(...schemes)
        },
        handle: (scheme: string, handler: ProtocolHandler) => {
          if (protocolHandlers.has(scheme)) throw new Error(`${scheme} handled twice`)
          protocolHandlers.set(scheme, handler)
        }
      },
      ipcMain: {
        handle: (channel: string, handler: IpcHandler) => {
          if (ipcHandlers.has(channel)) throw new Error(`${channel} handled twice`)
          ipcHandlers.set(channel, handler)
        }
      },
      BrowserWindow: FakeBrowserWindow,
      screen,
      // The application menu keeps its template; a tray's context menu reads its items.
      Menu: {
        buildFromTemplate: (template: FakeMenuItem[]) => ({ template, items: template }),
        setApplicationMenu: (menu: { template: unknown[] } | null) => {
          fake.applicationMenu = menu
        }
      },
      globalShortcut,
      clipboard: {
        readText: async (): Promise<string> => {
          if (clipboardState.fails) throw new Error('clipboard busy')
          return clipboardState.text
        },
        writeText: (text: string): void => {
          clipboardWrites.push(text)
        }
      },
      nativeImage: { createFromPath: (path: string) => ({ path }) },
      Tray: FakeTray,
      Notification: FakeNotification,
      /** Electron's net: whether the system is online (the test flips it). */
      net: { isOnline: () => netState.online }
    }
  }
  return fake
}

/** Forgets every window, tray and shortcut the last test made: call it in beforeEach. */
export function resetElectronFake(fake: ReturnType<typeof createElectronFake>): void {
  fake.windows.length = 0
  FakeTray.created.length = 0
  FakeTray.refuse = false
  FakeNotification.created.length = 0
  FakeNotification.supported = true
  fake.net.online = true
  fake.globalShortcut.taken.clear()
  fake.globalShortcut.unregisterAll()
}

/**
 * The fake with what the desktop shell and startup use besides: app.quit counted in
 * `state.quits`, BrowserWindow.getAllWindows over the windows not destroyed, and a dialog.
 */
export function createDesktopElectronFake(): {
  electron: ElectronFake
  state: { quits: number }
} {
  const electron = createElectronFake()
  const state = { quits: 0 }
  Object.assign(electron.app, {
    quit: () => {
      state.quits++
    },
    isPackaged: false
  })
  Object.assign(electron.module['BrowserWindow'] as object, {
    getAllWindows: () => electron.windows.filter((w) => !w.destroyed)
  })
  electron.module['dialog'] = { showErrorBox: () => undefined }
  return { electron, state }
}
