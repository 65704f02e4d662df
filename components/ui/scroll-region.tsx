import type { ReactNode } from "react";

/**
 * A wide block (a table) that scrolls sideways inside a narrow screen instead of widening the page:
 * a named section (a region landmark), focusable so keyboard and screen-reader users can reach and scroll it (axe:
 * scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region has to take focus to be scrolled without a mouse (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} className="overflow-x-auto">
      {children}
    </section>
  );
}
