import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUBSCRIPTION, TIMING, type CourseLevel } from '@shared/constants';
import { COUPON_MESSAGES } from '@shared/coupons';
import { redeemBody } from '@shared/contracts/subscription';
import type { ClassPreview } from '@shared/contracts/programs';
import { isClassCode } from '@shared/programs';
import { JoinClassDialog } from '../../components/programs/join-class-dialog';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useAuth } from '../../lib/auth/auth-context';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { useCreatePaymentIntent } from './api/create-payment-intent';
import { useRedeemCode } from './api/redeem-code';
import { useJoinClass } from './api/join-class';
import { usePreviewClass } from './api/preview-class';
import { PAYMENT_FALLBACK, PaymentModal } from './payment-modal';
import { Icon } from '../../components/icon';

/** What the plan gives a student of each course level (docs/product.md §10.1): only the decks their level opens. */
const DECKS: Record<CourseLevel, string> = {
  Paramedic: 'The Paramedic flashcard decks',
  EMT: 'The EMT flashcard decks',
  Both: 'The Paramedic and EMT flashcard decks',
};

/**
 * Shown on every path to a signed-in user without an active subscription (docs/product.md §2): pay by
 * card, apply a validation code, or check again after paying elsewhere.
 */
export function SubscriptionPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [paymentOpen, setPaymentOpen] = useState(false);
  const { status, show, clear } = useStatus();
  const redirect = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);
  const courseLevel = auth.user?.courseLevel ?? 'Paramedic';

  /** Every success goes to /home after 1 second (docs/product.md §2). */
  function succeed(text: string) {
    show('success', text, { sticky: true });
    window.clearTimeout(redirect.current);
    redirect.current = window.setTimeout(() => {
      void navigate('/home', { replace: true });
      void auth.recheckSubscription({ quiet: true });
    }, TIMING.successRedirectMs);
  }

  const codeForm = useZodForm(redeemBody, { defaultValues: { code: '' } });
  const redeem = useRedeemCode({
    onSuccess: () => succeed('Validation code applied! Your access is active.'),
    // docs/product.md §8's code messages: the server's reason, else a generic failure — under the code box.
    onError: (err) => {
      if (!setServerIssues(codeForm, err))
        codeForm.setError('code', { message: userMessage(err, COUPON_MESSAGES.generic) }, { shouldFocus: true });
    },
  });
  const codeError = codeForm.formState.errors.code?.message;

  // A class code (CLASS-XXXXXX, decision 106) opens the join step: what the instructor will see, then Join.
  const [classPreview, setClassPreview] = useState<{ code: string; preview: ClassPreview } | null>(null);
  const preview = usePreviewClass({
    onError: (err) => codeForm.setError('code', { message: userMessage(err, COUPON_MESSAGES.generic) }, { shouldFocus: true }),
  });
  const join = useJoinClass({
    onSuccess: (joined) => {
      setClassPreview(null);
      if (joined.expirationDate) return succeed(`You joined ${joined.membership.name}. Your access is active.`);
      show('info', `You joined ${joined.membership.name}. Its code does not include access: subscribe or apply a validation code.`, {
        sticky: true,
      });
    },
  });

  /** Subscribe Now prepares the payment; a subscription cancelled at period end is resumed instead (nothing to pay). */
  const intent = useCreatePaymentIntent({
    onSuccess: (answer) => {
      if (!answer.resumed) return;
      setPaymentOpen(false);
      void activateAfterPayment('resumed');
    },
  });
  function subscribe() {
    clear();
    setPaymentOpen(true);
    intent.mutate(auth.user?.email ?? '');
  }

  /** The provider may confirm a moment after the card does: check until access shows, for up to ~20 s. */
  async function activateAfterPayment(how: 'paid' | 'resumed') {
    show('info', how === 'resumed' ? 'Turning renewal back on…' : 'Payment received. Activating your access…', { sticky: true });
    for (let attempt = 0; attempt < 12; attempt++) {
      if ((await auth.recheckSubscription({ quiet: true, apply: false })) === 'active')
        return succeed(how === 'resumed' ? 'Your subscription will renew again.' : 'Payment successful! Welcome to MedicPrep.');
      await new Promise((r) => window.setTimeout(r, 1500));
    }
    show('info', 'Your payment was received. Access can take a minute to appear: press Check Again shortly.', { sticky: true });
  }

  async function checkAgain() {
    setChecking(true);
    clear();
    const result = await auth.recheckSubscription({ quiet: true, apply: false });
    setChecking(false);
    if (result === 'active') succeed('Your subscription is active.');
    else show('info', 'We could not find an active subscription for this account yet.');
  }

  async function logout() {
    await auth.signOut();
    void navigate('/', { replace: true });
  }

  return (
    <div className="min-h-dvh bg-canvas">
      <header className="surface-dark bg-navy-900 px-5 pb-20 pt-[calc(env(safe-area-inset-top)+1.5rem)] text-white">
        <div className="mx-auto flex w-full max-w-lg items-center justify-between gap-3">
          <Logo light />
          <Button variant="light" size="sm" onClick={logout}>
            Logout
          </Button>
        </div>
        <div className="mx-auto mt-8 w-full max-w-lg">
          <h1 className="text-3xl font-bold tracking-tight">Unlock MedicPrep</h1>
          <p className="mt-2 break-all text-white/80">
            Signed in as <span className="font-semibold text-white">{auth.user?.email}</span>
          </p>
        </div>
      </header>
      <main className="-mt-12 px-4 pb-10">
        <div className="mx-auto w-full max-w-lg space-y-4">
          <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
          <section className="rounded-card bg-surface p-6 shadow-lg shadow-navy-900/5 ring-1 ring-line/70" aria-labelledby="plan-title">
            <p id="plan-title" className="text-sm font-semibold uppercase tracking-wider text-signal-600">
              {SUBSCRIPTION.planName}
            </p>
            <p className="mt-2 flex items-baseline gap-1">
              <span className="text-5xl font-bold tracking-tight">$19.99</span>
              <span className="text-lg text-muted">/month</span>
            </p>
            <p className="mt-1 text-sm text-muted">Cancel anytime. Access lasts until the end of the period you paid for.</p>
            <ul className="mt-5 space-y-2.5 text-[15px]">
              {[
                'The question bank, with a rationale for every option',
                'The adaptive practice exam and its review',
                'Spaced review of what you are about to forget',
                DECKS[courseLevel],
                'Video library and clinical scenarios',
                'Drag-and-drop and sorting questions',
                'Daily streaks, ranks and badges',
              ].map((f) => (
                <li key={f} className="flex items-center gap-2.5">
                  <Icon name="check" className="size-5 text-go-600" />
                  {f}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-muted" data-testid="course-level-promise">
              For your course level, <span className="font-semibold text-ink">{courseLevel}</span>. Preparing for another exam? Change it in
              your Profile once you are in.
            </p>
            <Button variant="danger" size="lg" className="mt-6" onClick={subscribe}>
              Subscribe Now
            </Button>
          </section>

          <section className="rounded-card bg-surface p-5 ring-1 ring-line/70" aria-labelledby="code-title">
            <h2 id="code-title" className="font-semibold">
              Have a validation code?
            </h2>
            <p className="mt-1 text-sm text-muted">A class code from your instructor (CLASS-…) works here too.</p>
            <form
              onSubmit={codeForm.handleSubmit((v) => {
                clear();
                if (!auth.user) return codeForm.setError('code', { message: COUPON_MESSAGES.mustBeLoggedIn });
                if (isClassCode(v.code)) return preview.mutate(v.code, { onSuccess: (p) => setClassPreview({ code: v.code, preview: p }) });
                redeem.mutate(v);
              })}
              className="mt-3"
              noValidate
            >
              <div className="flex gap-2">
                <label htmlFor="validation-code" className="sr-only">
                  Validation code
                </label>
                <input
                  id="validation-code"
                  placeholder="ENTER CODE"
                  autoCapitalize="characters"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={40}
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={codeError ? 'validation-code-error' : undefined}
                  className={`min-h-12 min-w-0 flex-1 rounded-xl border bg-white px-3.5 font-mono text-base uppercase tracking-wider focus:border-navy-600 ${codeError ? 'border-signal-500' : 'border-line'}`}
                  {...codeForm.register('code', {
                    onChange: (e: { target: HTMLInputElement }) => codeForm.setValue('code', e.target.value.toUpperCase()),
                  })}
                />
                <Button type="submit" loading={redeem.isPending || preview.isPending} className="min-h-12 px-5">
                  Apply
                </Button>
              </div>
              {codeError && (
                <p id="validation-code-error" role="alert" className="mt-2 text-sm text-signal-600">
                  {codeError}
                </p>
              )}
            </form>
          </section>

          <section className="rounded-card bg-surface p-5 text-center ring-1 ring-line/70">
            <p className="font-semibold">Already Subscribed?</p>
            <Button variant="secondary" size="lg" className="mt-3" onClick={checkAgain} loading={checking}>
              Check Again
            </Button>
          </section>
        </div>
      </main>
      <JoinClassDialog
        key={classPreview?.code}
        preview={classPreview?.preview ?? null}
        onClose={() => {
          setClassPreview(null);
          join.reset();
        }}
        busy={join.isPending}
        error={join.isError ? userMessage(join.error, COUPON_MESSAGES.generic) : null}
        onJoin={(choices) => classPreview && join.mutate({ code: classPreview.code, ...choices })}
      />
      <PaymentModal
        open={paymentOpen}
        onOpenChange={setPaymentOpen}
        email={auth.user?.email ?? ''}
        intent={intent.data && !intent.data.resumed ? intent.data : null}
        loadError={intent.isError ? userMessage(intent.error, PAYMENT_FALLBACK) : null}
        onPaid={() => {
          setPaymentOpen(false);
          void activateAfterPayment('paid');
        }}
      />
    </div>
  );
}
