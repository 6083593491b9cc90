import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { useConnectionStatus } from '../../renderer/src/stores/connection-status'
import { UNKNOWN_STATUS } from '../../shared/connection-status'

// These run beside the Chromium end-to-end files on two cores: a lazy view's first import
// or a long table's render can take over testing-library's default second there. Waiting
// longer changes no expectation, only how long a slow machine may take to meet it.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  // The one connection status is app-wide: what one test taught it must not colour the next.
  useConnectionStatus.setState({ status: UNKNOWN_STATUS, inFlight: 0, bulk: null })
})
