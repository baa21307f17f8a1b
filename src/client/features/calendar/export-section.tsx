import type { StatusTone } from '../../lib/use-status';
import { Button, buttonClass } from '../../components/ui/button';
import { userMessage } from '../../lib/user-message';
import { useRenewFeed, useRevokeFeed } from './api/feed';

/** The plan and events in the phone's calendar app: a one-off .ics file, or a private address the app keeps polling. */
export function ExportSection({ feedUrl, onStatus }: { feedUrl: string | null; onStatus: (tone: StatusTone, text: string) => void }) {
  const renew = useRenewFeed({
    onSuccess: () =>
      onStatus('success', feedUrl ? 'A new address is ready: the old one no longer works.' : 'Your private address is ready.'),
    onError: (err) => onStatus('error', userMessage(err, 'The address could not be made.')),
  });
  const revoke = useRevokeFeed({
    onSuccess: () => onStatus('success', 'The address is turned off.'),
    onError: (err) => onStatus('error', userMessage(err, 'The address could not be turned off.')),
  });
  const copy = async () => {
    if (!feedUrl) return;
    try {
      await navigator.clipboard.writeText(feedUrl);
      onStatus('success', 'Address copied.');
    } catch {
      onStatus('info', 'Select the address and copy it.');
    }
  };
  return (
    <section aria-labelledby="export-title" className="space-y-3 rounded-card bg-surface p-5 shadow-sm ring-1 ring-line/70">
      <h2 id="export-title" className="text-lg font-bold">
        Add to your calendar
      </h2>
      <p className="text-[15px] text-muted">Put the plan and your events into your phone’s calendar app.</p>
      <a className={buttonClass('secondary', 'md', 'w-full')} href="/api/plan/calendar.ics" download="medicprep-plan.ics">
        Download .ics file
      </a>
      {feedUrl ? (
        <div className="space-y-2">
          <label htmlFor="feed-url" className="text-sm font-semibold text-navy-900">
            Your private subscription address
          </label>
          <input
            id="feed-url"
            readOnly
            value={feedUrl}
            onFocus={(e) => e.currentTarget.select()}
            className="min-h-11 w-full rounded-xl border border-line bg-canvas px-3 font-mono text-[13px] text-ink"
          />
          <p className="text-sm text-muted">Anyone with this address can see your plan. Turn it off or replace it at any time.</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={copy}>
              Copy address
            </Button>
            <Button size="sm" variant="secondary" loading={renew.isPending} onClick={() => renew.mutate()}>
              New address
            </Button>
            <Button size="sm" variant="ghost" loading={revoke.isPending} onClick={() => revoke.mutate()}>
              Turn off
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="ghost" className="w-full" loading={renew.isPending} onClick={() => renew.mutate()}>
          Subscribe with a private address
        </Button>
      )}
    </section>
  );
}
