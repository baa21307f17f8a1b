import { useRouteError } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { Logo } from '../components/ui/logo';

/** Shown when a screen fails to load or render (e.g. a chunk could not be fetched offline). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 px-6 text-center">
      <Logo />
      <h1 className="text-xl font-bold">Something went wrong</h1>
      <p className="max-w-sm text-muted">This screen could not be shown. Check your connection and try again.</p>
      <div className="flex gap-3">
        <button className={buttonClass('primary')} onClick={() => window.location.reload()}>
          Try again
        </button>
        <a className={buttonClass('secondary')} href="/">
          Go home
        </a>
      </div>
    </div>
  );
}
