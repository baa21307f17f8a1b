import { useAuth } from '../lib/auth/auth-context';
import { useOnline } from '../lib/use-online';

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
      <svg
        viewBox="0 0 24 24"
        className="size-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        aria-hidden="true"
      >
        <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18" />
      </svg>
      <span>You are offline. Studying what is saved on this device; your answers are sent when you reconnect.</span>
    </div>
  );
}
