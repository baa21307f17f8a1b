import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Icon } from '../icon';

/**
 * A centred dialog on desktop, a bottom sheet on phones; focus is trapped, Escape closes, and focus
 * goes back to the control that opened it (our dialogs are opened from state, not a Radix Trigger,
 * so Radix alone would leave focus on the page's body).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const opener = useRef<HTMLElement | null>(null);
  // Runs before the portal mounts the content, so focus is still on the control that opened it.
  useLayoutEffect(() => {
    const el = document.activeElement;
    if (open && el instanceof HTMLElement && el !== document.body && !el.closest('[role=dialog]')) opener.current = el;
  }, [open]);
  const returnFocus = (event: Event) => {
    const el = opener.current;
    opener.current = null;
    if (el?.isConnected && !el.matches(':disabled')) {
      event.preventDefault();
      el.focus();
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-navy-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-3xl bg-surface p-6 pb-[calc(env(safe-area-inset-bottom)+1.5rem)] shadow-2xl outline-none',
            'sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:pb-6',
            className,
          )}
          onCloseAutoFocus={returnFocus}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold tracking-tight text-navy-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-[15px] text-muted">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              className="-mr-2 -mt-1 flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-navy-50"
              aria-label="Close"
            >
              <Icon name="close" className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
