import type { ReactNode } from 'react';
import { Alert } from './alert';

type Tone = 'error' | 'success' | 'info' | 'warning';

/**
 * A short status message that floats over the top of the screen instead of taking room in the page,
 * so showing it never moves the buttons under the student's thumb. Announced like an inline status.
 */
export function Toast({ message, placement = 'top' }: { message: { tone: Tone; text: ReactNode } | null; placement?: 'top' | 'bottom' }) {
  return (
    <div
      aria-live="polite"
      className={
        placement === 'top'
          ? 'pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top)+0.75rem)] z-40 px-4'
          : 'pointer-events-none fixed inset-x-0 bottom-[calc(env(safe-area-inset-bottom)+5.5rem)] z-40 px-4'
      }
    >
      {message && (
        <div className="mx-auto w-full max-w-md">
          <Alert tone={message.tone} className="pointer-events-auto shadow-lg">
            {message.text}
          </Alert>
        </div>
      )}
    </div>
  );
}
