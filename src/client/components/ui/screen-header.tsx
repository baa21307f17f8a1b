import { useNavigate } from 'react-router';
import type { ReactNode } from 'react';
import { Icon } from '../icon';

/** The top of an inner screen: Back, a title, an optional action. */
export function ScreenHeader({
  title,
  subtitle,
  backTo = '/home',
  action,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  backTo?: string;
  action?: ReactNode;
  /** a desktop-rich screen (the instructor's): the header spans its wider column */
  wide?: boolean;
}) {
  const column = wide ? 'max-w-6xl' : 'max-w-2xl';
  const navigate = useNavigate();
  return (
    <header className="surface-dark bg-navy-900 px-4 pb-6 pt-[calc(env(safe-area-inset-top)+1rem)] text-white">
      <div className={`mx-auto flex w-full ${column} items-center justify-between gap-3`}>
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
      <div className={`mx-auto mt-3 w-full ${column}`}>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle && <p className="mt-1 text-[15px] text-white/75">{subtitle}</p>}
      </div>
    </header>
  );
}
