import type { ReactNode } from 'react';
import { Logo } from './logo';

/** The frame of the signed-out screens: brand header, centred card column. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="pt-[calc(env(safe-area-inset-top)+2.0rem)] surface-dark bg-navy-900 px-6 pb-16 text-white">
        <div className="mx-auto w-full max-w-md">
          <Logo light />
        </div>
      </header>
      <main className="-mt-10 flex-1 px-4 pb-10">
        <div className="mx-auto w-full max-w-md rounded-card bg-surface p-6 shadow-lg shadow-navy-900/5 ring-1 ring-line/70 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-navy-900">{title}</h1>
          {subtitle && <div className="mt-1.5 text-[15px] text-muted">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mx-auto mt-6 w-full max-w-md text-center text-sm text-muted">{footer}</div>}
      </main>
    </div>
  );
}
