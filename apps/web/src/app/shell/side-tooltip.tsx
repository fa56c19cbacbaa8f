import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';

// Only the collapsed sidebar has tooltips: Radix Tooltip and its positioning load with it, not with
// every signed-in page (docs/decisions/021-web-weight.md).
const RadixSideTooltip = lazy(() => import('./side-tooltip-radix').then((m) => ({ default: m.RadixSideTooltip })));

/** A tooltip to the right of a collapsed sidebar entry; until its code arrives, the entry alone. */
export function SideTooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <RadixSideTooltip content={content}>{children}</RadixSideTooltip>
    </Suspense>
  );
}
