import { useState } from 'react';
import { Link } from 'react-router';
import { SUBSCRIPTION } from '@shared/constants';
import type { AccessSource } from '@shared/contracts/subscription';
import { subscriptionDisplay } from '@shared/subscription';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScreenHeader } from '../../components/ui/screen-header';
import { cn } from '../../lib/cn';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { useCancelSubscription } from './api/cancel-subscription';
import { useBilling } from './api/get-billing';
import { useResumeSubscription } from './api/resume-subscription';

const longDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** Where the access comes from, in the student's words (docs/product.md §10.2). */
const SOURCE_LABEL: Record<Exclude<AccessSource, 'none'>, string> = {
  card: 'Card subscription',
  code: 'Validation code',
  admin: 'Granted by an administrator',
};

export default function BillingPage() {
  const billing = useBilling();
  const [confirming, setConfirming] = useState(false);
  const { status: message, show } = useStatus();

  const cancel = useCancelSubscription({
    onSuccess: ({ accessUntil }) => {
      const until = accessUntil ?? billing.data?.expirationDate;
      show(
        'success',
        until
          ? `Subscription canceled successfully. You will have access until ${longDate(until)}.`
          : 'Subscription canceled successfully.',
        { sticky: true },
      );
    },
    onError: (e) => show('error', userMessage(e, 'Failed to cancel subscription. Please contact support.')),
    onSettled: () => setConfirming(false),
  });

  const resume = useResumeSubscription({
    onSuccess: ({ renewsOn }) => {
      show('success', renewsOn ? `Your subscription will renew on ${longDate(renewsOn)}.` : 'Your subscription will renew again.', {
        sticky: true,
      });
    },
    onError: (e) => show('error', userMessage(e, 'Failed to resume subscription. Please contact support.')),
  });

  function confirmCancel() {
    const id = billing.data?.stripeSubscriptionId;
    if (!id) {
      setConfirming(false);
      return show('error', 'No active subscription found');
    }
    cancel.mutate(id);
  }

  const data = billing.data;
  const display = data ? subscriptionDisplay({ subscriptionStatus: data.subscriptionStatus, expirationDate: data.expirationDate }) : null;
  const card = data?.source === 'card' && Boolean(data.stripeSubscriptionId);

  return (
    <div>
      <ScreenHeader title="Billing" subtitle="Your MedicPrep subscription" />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
        {billing.isPending && (
          <div className="h-48 animate-pulse rounded-card bg-white ring-1 ring-line/70" aria-label="Loading subscription" />
        )}
        {billing.isError && (
          <Alert tone="error">
            Failed to load subscription information{' '}
            <button className="ml-1 font-semibold underline" onClick={() => billing.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {data && display && (
          <>
            <section className="rounded-card bg-surface p-6 ring-1 ring-line/70" aria-labelledby="status-title">
              <h2 id="status-title" className="text-lg font-bold">
                Subscription Status
              </h2>
              <dl className="mt-4 divide-y divide-line/70 text-[15px]">
                <Row label="Status">
                  <span
                    className={cn(
                      'rounded-full px-3 py-1 text-sm font-semibold',
                      display === 'Active'
                        ? 'bg-go-100 text-go-700'
                        : display === 'Expired'
                          ? 'bg-signal-100 text-signal-700'
                          : 'bg-navy-50 text-muted',
                    )}
                  >
                    {display}
                  </span>
                </Row>
                {data.source !== 'none' && <Row label="Access">{SOURCE_LABEL[data.source]}</Row>}
                {data.expirationDate && (
                  <Row label={display === 'Expired' ? 'Expired on' : data.renews ? 'Renews on' : 'Access until'}>
                    {longDate(data.expirationDate)}
                  </Row>
                )}
                {card && (
                  <>
                    <Row label="Plan">{SUBSCRIPTION.planName}</Row>
                    <Row label="Price">{SUBSCRIPTION.priceLabel}</Row>
                  </>
                )}
              </dl>
              {card && display === 'Active' && data.expirationDate && data.cancelAtPeriodEnd && (
                <p className="mt-4 rounded-xl bg-amber-100 px-4 py-3 text-sm text-amber-600">
                  Your subscription is canceled and will not renew. Your access lasts until {longDate(data.expirationDate)}.
                </p>
              )}
            </section>

            {card && display === 'Active' ? (
              <section className="rounded-card bg-surface p-6 ring-1 ring-line/70" aria-labelledby="manage-title">
                <h2 id="manage-title" className="text-lg font-bold">
                  Manage Subscription
                </h2>
                {data.cancelAtPeriodEnd ? (
                  <>
                    <p className="mt-1 text-[15px] text-muted">
                      Changed your mind? Resume before it ends and it simply keeps renewing, on the same card.
                    </p>
                    <Button
                      variant="secondary"
                      className="mt-4"
                      loading={resume.isPending}
                      onClick={() => data.stripeSubscriptionId && resume.mutate(data.stripeSubscriptionId)}
                    >
                      Resume subscription
                    </Button>
                  </>
                ) : (
                  <>
                    <p className="mt-1 text-[15px] text-muted">
                      Cancel anytime. There is no refund for the current month; you keep access until it ends.
                    </p>
                    <Button variant="secondary" className="mt-4 text-signal-600" onClick={() => setConfirming(true)}>
                      Cancel Subscription
                    </Button>
                  </>
                )}
              </section>
            ) : (
              <section className="rounded-card bg-surface p-6 text-center ring-1 ring-line/70">
                {display === 'Active' && data.expirationDate ? (
                  <>
                    <p className="text-[15px] font-semibold">
                      {data.source === 'code' ? 'Your access comes from a validation code.' : 'An administrator granted your access.'}
                    </p>
                    <p className="mt-1 text-sm text-muted">
                      It lasts until {longDate(data.expirationDate)} and does not renew. Subscribe by card to keep studying after that.
                    </p>
                    <Link to="/subscription" className={buttonClass('secondary', 'md', 'mt-4')}>
                      See the card subscription
                    </Link>
                  </>
                ) : (
                  <>
                    <p className="text-[15px] font-semibold">You do not have an active subscription.</p>
                    <Link to="/subscription" className={buttonClass('primary', 'md', 'mt-4')}>
                      Go to subscription page
                    </Link>
                  </>
                )}
              </section>
            )}
          </>
        )}
      </main>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your subscription?"
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        onConfirm={confirmCancel}
        busy={cancel.isPending}
      >
        {data?.expirationDate ? `You will keep access until ${longDate(data.expirationDate)}. ` : ''}There is no refund for the current
        month.
      </ConfirmDialog>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}
