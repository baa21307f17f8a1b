import type { ReactNode } from 'react';

/**
 * The actions under a question (Submit, Next, …): always in view at the bottom of the screen, above the tab bar on a phone
 * or tablet and at the very bottom beside the side navigation on a laptop; `problem` (why the action cannot go yet) shows
 * above them.
 */
export function StickyActions({
  notice,
  problem,
  children,
}: {
  /** shown first (e.g. that the answer waits for the connection) */
  notice?: ReactNode;
  problem?: string | null | false;
  children: ReactNode;
}) {
  return (
    <div
      data-sticky-actions
      className="sticky bottom-[calc(env(safe-area-inset-bottom)+4rem)] z-10 -mx-4 border-t border-line/70 bg-canvas/95 px-4 pb-2 pt-3 backdrop-blur lg:bottom-0 lg:pb-4"
    >
      {notice}
      {problem && (
        <p className="mb-2 text-center text-sm font-semibold text-signal-600" role="alert">
          {problem}
        </p>
      )}
      {children}
    </div>
  );
}
