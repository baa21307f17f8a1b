import { useAuth } from '../lib/auth/auth-context';
import { useOnline } from '../lib/use-online';
import { Icon } from '../components/icon';

/**
 * Across the top of every member screen while there is no connection (or the app opened on the
 * session saved on this device and the server has not answered yet): what works and what happens to
 * the answers given meanwhile.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { offline } = useAuth();
  if (online && !offline) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-40 flex items-center justify-center gap-2 bg-amber-100 px-4 pb-2 pt-[calc(env(safe-area-inset-top)+0.5rem)] text-center text-sm font-semibold text-amber-600 ring-1 ring-amber-600/25"
    >
      <Icon name="offline" className="size-4 shrink-0" />
      <span>You are offline. Studying what is saved on this device; your answers are sent when you reconnect.</span>
    </div>
  );
}
