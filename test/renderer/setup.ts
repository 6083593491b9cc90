import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// These run beside the Chromium end-to-end files on two cores: a lazy view's first import
// or a long table's render can take over testing-library's default second there. Waiting
// longer changes no expectation, only how long a slow machine may take to meet it.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => cleanup())
