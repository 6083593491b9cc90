import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { KindBadge, KindSymbols } from '../../../../renderer/src/views/items/KindBadge'

const iconUse = (el: ParentNode): SVGUseElement | null => el.querySelector('svg use')

describe('KindIcon: one drawn symbol per kind', () => {
  it('points at a symbol the page holds, for each kind', () => {
    render(<KindSymbols />)
    for (const kind of ['image', 'video', 'audio'] as const) {
      const { container } = render(<KindBadge kind={kind} />)
      const href = iconUse(container)?.getAttribute('href') ?? ''
      const symbol = document.querySelector(`symbol${href}`)
      // The symbol holds the icon's own shapes, drawn in the text's colour.
      expect(symbol?.querySelectorAll('path, rect, circle').length).toBeGreaterThan(0)
      expect(symbol?.querySelector('svg')).toHaveAttribute('stroke', 'currentColor')
      expect(container.querySelector('[data-kind]')).toHaveTextContent(
        kind[0]!.toUpperCase() + kind.slice(1)
      )
    }
    // Three kinds, three symbols, each once.
    expect(document.querySelectorAll('symbol')).toHaveLength(3)
  })

  it('changes one attribute when a badge shows another kind, keeping its elements', () => {
    const { container, rerender } = render(<KindBadge kind="image" />)
    const svg = container.querySelector('svg')
    rerender(<KindBadge kind="audio" />)
    expect(container.querySelector('svg')).toBe(svg)
    expect(iconUse(container)).toHaveAttribute('href', '#kind-icon-audio')
    expect(svg).toHaveAttribute('aria-hidden', 'true')
  })
})
