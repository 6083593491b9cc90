import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { Construction } from 'lucide-react'
import { EmptyState } from '../ui/States'
import { ViewHeader } from '../ui/ViewHeader'

/**
 * Views written alongside the frame are found by file name, so the frame builds while a
 * view is still being written and picks it up the moment it exists.
 */
const modules = import.meta.glob<Record<string, unknown>>(
  '../views/{items,validate,history}/*View.tsx'
)

function placeholder(title: string): ComponentType {
  return function Placeholder(): React.JSX.Element {
    return (
      <>
        <ViewHeader title={title} />
        <EmptyState
          icon={<Construction size={28} />}
          title={`${title} is not available in this build yet.`}
        />
      </>
    )
  }
}

function lazyView<P extends object>(
  file: string,
  exportName: string,
  title: string
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const load = modules[`../views/${file}`]
    const mod = load ? await load() : null
    const found = mod?.[exportName]
    return {
      default: (typeof found === 'function' ? found : placeholder(title)) as ComponentType<P>
    }
  })
}

export const ItemsView = lazyView<object>('items/ItemsView.tsx', 'ItemsView', 'Items')
export const ItemDetailView = lazyView<{ id: number }>(
  'items/ItemDetailView.tsx',
  'ItemDetailView',
  'Item'
)
export const ValidateView = lazyView<object>(
  'validate/ValidateView.tsx',
  'ValidateView',
  'Validate'
)
export const HistoryView = lazyView<object>('history/HistoryView.tsx', 'HistoryView', 'History')
