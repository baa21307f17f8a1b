import { useState } from 'react';
import { SUBSCRIPTION, TIMING } from '@shared/constants';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useAuth } from '../../app/auth-context';

/**
 * Shown on every path to a signed-in user without an active subscription (spec section 2).
 * Payments and validation codes are added by the subscription feature.
 */
export function SubscriptionPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);

  async function checkAgain() {
    setChecking(true);
    setMessage(null);
    const status = await auth.recheckSubscription();
    setChecking(false);
    if (status === 'active') {
      setMessage({ tone: 'success', text: 'Your subscription is active. Taking you to MedicPrep…' });
      window.setTimeout(() => navigate('/home'), TIMING.successRedirectMs);
    } else {
      setMessage({ tone: 'info', text: 'We could not find an active subscription for this account yet.' });
      window.setTimeout(() => setMessage(null), TIMING.statusMessageMs);
    }
  }

  async function logout() {
    await auth.signOut();
    navigate('/', { replace: true });
  }

  return (
    <div className="min-h-dvh bg-canvas">
      <header className="pt-[calc(env(safe-area-inset-top)+1.5rem)] bg-navy-900 px-5 pb-20 text-white">
        <div className="mx-auto flex w-full max-w-lg items-center justify-between gap-3">
          <Logo light />
          <Button variant="light" size="sm" onClick={logout}>
            Logout
          </Button>
        </div>
        <div className="mx-auto mt-8 w-full max-w-lg">
          <h1 className="text-3xl font-bold tracking-tight">Unlock MedicPrep</h1>
          <p className="mt-2 text-white/80">
            Signed in as <span className="font-semibold text-white">{auth.user?.email}</span>
          </p>
        </div>
      </header>
      <main className="-mt-12 px-4 pb-10">
        <div className="mx-auto w-full max-w-lg space-y-4">
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
              {['Paramedic and EMT flashcard decks', 'Video library and clinical scenarios', 'Drag-and-drop and sorting questions', 'Daily streaks, ranks and badges'].map((f) => (
                <li key={f} className="flex items-center gap-2.5">
                  <svg viewBox="0 0 24 24" className="size-5 text-go-600" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                    <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  {f}
                </li>
              ))}
            </ul>
          </section>
          {message && <Alert tone={message.tone}>{message.text}</Alert>}
          <section className="rounded-card bg-surface p-5 text-center ring-1 ring-line/70">
            <p className="font-semibold">Already Subscribed?</p>
            <Button variant="secondary" size="lg" className="mt-3" onClick={checkAgain} loading={checking}>
              Check Again
            </Button>
          </section>
        </div>
      </main>
    </div>
  );
}
