import { X } from 'lucide-react'
import { Button } from '../ui/Button'

/**
 * A notice's Dismiss button. It goes away with the notice, so focus lands on the view's
 * title rather than on the page body: a keyboard user keeps their place.
 */
export function DismissButton({ onDismiss }: { onDismiss: () => void }): React.JSX.Element {
  return (
    <Button
      variant="ghost"
      size="sm"
      icon={<X size={16} aria-hidden />}
      aria-label="Dismiss"
      onClick={() => {
        onDismiss()
        focusViewTitle()
      }}
    />
  )
}

function focusViewTitle(): void {
  const title = document.querySelector<HTMLElement>('#content h1')
  if (!title) return
  if (!title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1')
  title.focus()
}
