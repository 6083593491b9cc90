import type { AnchorHTMLAttributes, ButtonHTMLAttributes, HTMLAttributes, ReactNode } from 'react'
import styles from './Chip.module.css'

interface Common {
  icon?: ReactNode
  children: ReactNode
  className?: string
}

type SpanChip = Common & { as?: 'span'; onClick?: undefined } & HTMLAttributes<HTMLSpanElement>
type ButtonChip = Common & { as?: 'button' } & ButtonHTMLAttributes<HTMLButtonElement>
type AnchorChip = Common & { as: 'a' } & AnchorHTMLAttributes<HTMLAnchorElement>
export type ChipProps = SpanChip | ButtonChip | AnchorChip

/**
 * A small rounded label. Plain text by default; a button when it has onClick; an anchor
 * with as="a" (the caller decides what a click does: links open through openExternal).
 */
export function Chip(props: ChipProps): React.JSX.Element {
  if (props.as === 'a') {
    const { as: _as, icon, children, className, ...rest } = props
    return (
      <a className={cx(styles.chip, styles.interactive, className)} {...rest}>
        {icon}
        {children}
      </a>
    )
  }
  if (props.onClick || props.as === 'button') {
    const { as: _as, icon, children, className, type = 'button', ...rest } = props as ButtonChip
    return (
      <button type={type} className={cx(styles.chip, styles.interactive, className)} {...rest}>
        {icon}
        {children}
      </button>
    )
  }
  const { as: _as, icon, children, className, ...rest } = props as SpanChip
  return (
    <span className={cx(styles.chip, className)} {...rest}>
      {icon}
      {children}
    </span>
  )
}

function cx(...names: Array<string | undefined>): string {
  return names.filter(Boolean).join(' ')
}
