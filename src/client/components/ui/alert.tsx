import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type Tone = 'error' | 'success' | 'info' | 'warning';
const tones: Record<Tone, string> = {
  error: 'bg-signal-50 text-signal-700 ring-signal-500/25',
  success: 'bg-go-100 text-go-700 ring-go-600/25',
  info: 'bg-navy-50 text-navy-800 ring-navy-600/20',
  warning: 'bg-amber-100 text-amber-600 ring-amber-600/25',
};

export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: Tone;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-xl px-4 py-3 text-sm ring-1 ring-inset', tones[tone], className)}
    >
      {title && <p className="mb-1 font-semibold">{title}</p>}
      {children}
    </div>
  );
}
