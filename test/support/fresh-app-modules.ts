/**
 * Setup file of the node and jsdom projects, which run with `isolate: false`: the files one
 * worker runs share that process and the packages it imported (zod, React, jsdom,
 * testing-library...), whose import cost as much as the short files' tests. The app's own
 * modules (electron/, renderer/, shared/, test/) start fresh for every file, as in a process
 * of its own: a store, cache or `let` at module level never carries one file's state into
 * the next, and a file's `vi.mock` binds the modules it imports.
 */
import { vi } from 'vitest'

vi.resetModules()
