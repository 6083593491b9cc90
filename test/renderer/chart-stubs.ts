/**
 * What uPlot needs from a browser that jsdom lacks: the pixel ratio's media query, which it
 * reads as its module loads (so install this before importing a chart), and ResizeObserver.
 */
export function installChartStubs(): void {
  window.matchMedia ??= ((query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined
    }) as unknown as MediaQueryList) as typeof window.matchMedia
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
}
