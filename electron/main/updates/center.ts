import type { UpdateSettingsView, UpdateStatus } from '../../../shared/ipc/contract'
import type { Handlers } from '../ipc/dispatch'
import { AppFailure } from '../ipc/failure'
import type { SettingsStore } from '../settings/store'
import { defaultUpdateSettings, type UpdatePolicy, type UpdateSettings } from './policy'

export type UpdateHandlers = Pick<
  Handlers,
  | 'getUpdateState'
  | 'downloadUpdate'
  | 'restartToUpdate'
  | 'getUpdateSettings'
  | 'setUpdateSettings'
  | 'takeCrashNotice'
>

/** What the window shows once after main reloaded it from a crash. */
export const CRASH_NOTICE =
  "Seller Desk's window stopped unexpectedly and was reloaded; nothing was lost."

const ONLY_DESKTOP = 'Updates come with the installed desktop app: this page has none to install.'

export interface UpdateCenter {
  handlers: UpdateHandlers
  /** The saved choices, for starting the policy. */
  settings(): Promise<UpdateSettings>
  /** The running policy (packaged desktop builds only); until then nothing updates. */
  attach(policy: UpdatePolicy): void
  /** A window was reloaded after its page died: it shows CRASH_NOTICE once. */
  noteCrash(): void
}

/**
 * Between the update policy and the window: the banner's state and its Restart, the
 * Settings choices (saved in settings.json and handed to the policy), and the crash notice.
 * Node only; the browser host never attaches a policy, so its answers say "no updates here".
 */
export function createUpdateCenter(o: {
  settings: SettingsStore
  bulkRunning: () => boolean
}): UpdateCenter {
  let policy: UpdatePolicy | null = null
  let crashed = false
  const saved = async (): Promise<UpdateSettings> =>
    (await o.settings.read()).updates ?? defaultUpdateSettings()
  const status = (): UpdateStatus => ({
    available: policy !== null,
    state: policy?.state() ?? { kind: 'idle' },
    bulkRunning: o.bulkRunning()
  })
  const view = async (): Promise<UpdateSettingsView> => ({
    available: policy !== null,
    ...(await saved())
  })

  return {
    settings: saved,
    attach: (p) => {
      policy = p
    },
    noteCrash: () => {
      crashed = true
    },
    handlers: {
      getUpdateState: async () => status(),
      downloadUpdate: async () => {
        await policy?.download()
        return status()
      },
      restartToUpdate: async () => {
        if (!policy) throw new AppFailure('invalid-input', ONLY_DESKTOP)
        const answer = policy.restartToUpdate()
        if (!answer.ok) throw new AppFailure('invalid-input', answer.message)
        return null
      },
      getUpdateSettings: view,
      setUpdateSettings: async (request) => {
        if (!policy) throw new AppFailure('invalid-input', ONLY_DESKTOP)
        const next = await o.settings.update((s) => ({
          ...s,
          updates: {
            ...(s.updates ?? defaultUpdateSettings()),
            ...(request.autoDownload === undefined ? {} : { autoDownload: request.autoDownload }),
            ...(request.beta === undefined ? {} : { beta: request.beta })
          }
        }))
        policy.applySettings(next.updates ?? defaultUpdateSettings())
        return view()
      },
      takeCrashNotice: async () => {
        const line = crashed ? CRASH_NOTICE : null
        crashed = false
        return { line }
      }
    }
  }
}
