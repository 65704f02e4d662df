/** A code sample that scrolls sideways: keyboard users must be able to reach and scroll it (axe: scrollable-region-focusable). */
export function CodeBlock({ children }: { children: string }) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region has to take focus to be scrolled without a mouse (WCAG 2.1.1)
  return <pre tabIndex={0}>{children}</pre>;
}
