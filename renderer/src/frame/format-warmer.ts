import { warmFormats } from '../lib/warm-formats'

// A worker of the page's own process: ICU's data is the process's, so loading it here, on
// the other core, spares the page's thread that cost on its way to the first card.
warmFormats()
self.close()
