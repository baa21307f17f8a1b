import { useNavigate } from 'react-router';
import type { ReactNode } from 'react';
import { Icon } from '../icon';
import { cn } from '../../lib/cn';

/** The top of an inner screen: Back, a title, an optional action. */
export function ScreenHeader({
  title,
  subtitle,
  backTo = '/home',
  action,
  wide = false,
}: {
  title: string;
  /** over a screen laid out for a laptop (two columns, the instructor's tables): the header lines up with its wider content */
  wide?: boolean;
  subtitle?: ReactNode;
  backTo?: string;
  action?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <header className={cn('surface-dark bg-navy-900 px-4 pb-6 pt-[calc(env(safe-area-inset-top)+1rem)] text-white', wide && 'lg:px-8')}>
      <div className={cn('mx-auto flex w-full max-w-2xl items-center justify-between gap-3', wide && 'lg:max-w-6xl')}>
        <button
          type="button"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(backTo))}
          className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-xl px-2 font-semibold text-white/90 hover:bg-white/10"
        >
          <Icon name="back" className="size-5" />
          Back
        </button>
        {action}
      </div>
      <div className={cn('mx-auto mt-3 w-full max-w-2xl', wide && 'lg:max-w-6xl')}>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle && <p className="mt-1 text-[15px] text-white/75">{subtitle}</p>}
      </div>
    </header>
  );
}
