import { AudioLines, Film, ImageIcon } from 'lucide-react'
import type { ItemKind } from '../../../../shared/model'
import styles from './KindBadge.module.css'

const LABEL: Record<ItemKind, string> = { image: 'Image', video: 'Video', audio: 'Audio' }

const ICON: Record<ItemKind, typeof Film> = { image: ImageIcon, video: Film, audio: AudioLines }
const KINDS = Object.keys(ICON) as ItemKind[]
const symbolId = (kind: ItemKind): string => `kind-icon-${kind}`

/**
 * The three kind icons, drawn once per page; every KindIcon points at one. Mounted at the
 * root of each window (main.tsx).
 */
export function KindSymbols(): React.JSX.Element {
  return (
    <svg aria-hidden focusable="false" width="0" height="0" style={{ position: 'absolute' }}>
      {KINDS.map((kind) => {
        const Icon = ICON[kind]
        return (
          <symbol key={kind} id={symbolId(kind)} viewBox="0 0 24 24">
            <Icon size={24} />
          </symbol>
        )
      })}
    </svg>
  )
}

/**
 * An item's kind as an icon, referring to its symbol: a card that shows another kind after
 * a keystroke changes one attribute, where a lucide icon per kind was a new <svg> with up
 * to six shapes (up to 18 icons rebuilt a keystroke).
 */
export function KindIcon({
  kind,
  size = 14
}: {
  kind: ItemKind
  size?: number
}): React.JSX.Element {
  return (
    <svg width={size} height={size} aria-hidden focusable="false">
      <use href={`#${symbolId(kind)}`} />
    </svg>
  )
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
