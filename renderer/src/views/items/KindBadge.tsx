import { AudioLines, Film, ImageIcon } from 'lucide-react'
import type { ItemKind } from '../../../../shared/model'
import styles from './KindBadge.module.css'

const LABEL: Record<ItemKind, string> = { image: 'Image', video: 'Video', audio: 'Audio' }

export function KindIcon({
  kind,
  size = 14
}: {
  kind: ItemKind
  size?: number
}): React.JSX.Element {
  if (kind === 'video') return <Film size={size} aria-hidden />
  if (kind === 'audio') return <AudioLines size={size} aria-hidden />
  return <ImageIcon size={size} aria-hidden />
}

/** Icon and word: the kind never depends on recognising an icon alone. */
export function KindBadge({
  kind,
  className
}: {
  kind: ItemKind
  className?: string
}): React.JSX.Element {
  return (
    <span
      className={className ? `${styles.badge} ${className}` : styles.badge}
      data-kind={kind}
      title={LABEL[kind]}
    >
      <KindIcon kind={kind} size={12} />
      {/* Its own box: a narrow list keeps the icon and hides the word from sight only. */}
      <span data-word>{LABEL[kind]}</span>
    </span>
  )
}
