import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';

/** While the scenarios load: the shape of the screen. */
export function BoardSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-live="polite">
      <span className="sr-only">Loading scenarios…</span>
      <div className="h-36 animate-pulse rounded-card bg-white ring-1 ring-line/70" />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="h-96 animate-pulse rounded-card bg-navy-50 ring-1 ring-line/70" />
        <div className="space-y-4">
          <div className="h-44 animate-pulse rounded-card bg-go-100/50" />
          <div className="h-44 animate-pulse rounded-card bg-signal-50" />
        </div>
      </div>
    </div>
  );
}

/** A load failure with nothing saved on this device: say so, and offer Retry (never an endless spinner). */
export function LoadError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="space-y-4 rounded-card bg-white p-6 text-center shadow-sm ring-1 ring-line/70">
      <Alert tone="error" title="The scenarios could not be loaded.">
        {message}
      </Alert>
      <Button size="lg" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </div>
  );
}

export function NoScenarios() {
  return (
    <div className="rounded-card bg-white p-8 text-center shadow-sm ring-1 ring-line/70">
      <h2 className="text-lg font-bold text-navy-900">No Scenarios Available</h2>
      <p className="mt-2 text-[15px] text-muted">There are currently no drag-and-drop scenarios for your course level.</p>
      <ButtonLink to="/home" size="lg" className="mt-6">
        Return Home
      </ButtonLink>
    </div>
  );
}
