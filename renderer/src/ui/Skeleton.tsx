import styles from './Skeleton.module.css'

export interface SkeletonProps {
  width?: number | string
  height?: number | string
  radius?: number | string
  className?: string
}

/** A placeholder block shaped like the content it stands for; hidden from screen readers. */
export function Skeleton({
  width,
  height = '1em',
  radius,
  className
}: SkeletonProps): React.JSX.Element {
  return (
    <span
      aria-hidden
      data-skeleton=""
      className={className ? `${styles.skeleton} ${className}` : styles.skeleton}
      style={{ width, height, borderRadius: radius }}
    />
  )
}
