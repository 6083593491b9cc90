import type { Handlers } from '../ipc/dispatch'

export type BalanceHandlers = Pick<
  Handlers,
  | 'getBalanceWatch'
  | 'setBalanceWatch'
  | 'getBalanceSeries'
  | 'exportBalanceCsv'
  | 'takeBalanceNotices'
>
