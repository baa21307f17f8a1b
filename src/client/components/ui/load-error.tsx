import { ApiError, OFFLINE_STATUS } from '../../lib/api';
import { userMessage } from '../../lib/user-message';
import { Alert } from './alert';

/**
 * What a screen shows when its data failed to load: the reason (decision 036's one rule), a "Try again" button, and, when the
 * device is offline, that it loads by itself once the connection returns (src/client/lib/reconnect.ts does that).
 */
export function LoadError({
  error,
  fallback,
  onRetry,
  retrying = false,
  className,
}: {
  error: unknown;
  /** the screen's own words for a failure the server does not explain ("Your progress could not be loaded.") */
  fallback: string;
  onRetry: () => unknown;
  retrying?: boolean;
  className?: string;
}) {
  const offline = error instanceof ApiError && error.status === OFFLINE_STATUS;
  return (
    <Alert tone={offline ? 'warning' : 'error'} className={className}>
      {offline
        ? `${fallback.replace(/\.$/, '')}: you are offline. It loads by itself when the connection returns.`
        : userMessage(error, fallback)}{' '}
      <button
        type="button"
        className="inline-flex min-h-11 items-center font-semibold underline disabled:opacity-60"
        onClick={() => void onRetry()}
        disabled={retrying}
      >
        {retrying ? 'Trying…' : 'Try again'}
      </button>
    </Alert>
  );
}
