import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { SUBSCRIPTION } from '@shared/constants';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api';
import { paymentsApi, type PaymentIntent } from './api';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** The message of spec section 8: the card error, or "Payment failed", or "Something went wrong". */
export function paymentErrorMessage(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.status === 402 || e.status === 409) return e.message;
    if (e.status === 0) return e.message;
    return e.status >= 500 ? 'Something went wrong' : e.message || 'Payment failed';
  }
  if (e instanceof Error && e.message) return e.message;
  return 'Payment failed';
}

function formatCardNumber(raw: string) {
  return raw
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}
function formatExpiry(raw: string) {
  const d = raw.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

export function PaymentModal({
  open,
  onOpenChange,
  email,
  onPaid,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  email: string;
  onPaid: (how: 'paid' | 'resumed') => void;
}) {
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setIntent(null);
    setLoadError(null);
    paymentsApi
      .paymentIntent(email)
      .then((i) => {
        if (cancelled) return;
        if (i.resumed) onPaid('resumed');
        else setIntent(i);
      })
      .catch((e) => !cancelled && setLoadError(paymentErrorMessage(e)));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onPaid is the page's handler; a new function identity must not start another payment
  }, [open, email]);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Subscribe to MedicPrep"
      description={
        <>
          {SUBSCRIPTION.planName} · <span className="font-semibold text-ink">{SUBSCRIPTION.priceLabel}</span>. Cancel anytime.
        </>
      }
    >
      {intent?.provider === 'sandbox' && (
        <div className="mb-4 flex items-start gap-3 rounded-xl bg-amber-100 px-4 py-3 text-sm text-amber-600 ring-1 ring-inset ring-amber-600/25">
          <span className="rounded-md bg-amber-600 px-2 py-0.5 text-xs font-bold uppercase tracking-wider text-white">Test mode</span>
          <span>
            No real charge. Use <b>4242 4242 4242 4242</b>, any future date and any CVC. <b>4000 0000 0000 0002</b> is declined.
          </span>
        </div>
      )}
      {loadError && <Alert tone="error">{loadError}</Alert>}
      {!intent && !loadError && (
        <div className="flex items-center gap-3 py-6 text-muted" role="status">
          <Spinner className="size-5" /> Preparing a secure payment…
        </div>
      )}
      {intent?.provider === 'sandbox' && <SandboxCardForm intent={intent} email={email} onPaid={() => onPaid('paid')} />}
      {intent?.provider === 'stripe' && (
        <Suspense fallback={<Spinner className="size-5" />}>
          <StripeCardForm intent={intent} email={email} onPaid={() => onPaid('paid')} />
        </Suspense>
      )}
    </Modal>
  );
}

function SandboxCardForm({ intent, email, onPaid }: { intent: PaymentIntent; email: string; onPaid: () => void }) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const [mm, yy] = expiry.split('/').map((p) => p.trim());
    if (!number.trim()) return setError('Your card number is incomplete.');
    if (!mm || !yy || yy.length !== 2) return setError("Your card's expiration date is incomplete.");
    if (!cvc) return setError("Your card's security code is incomplete.");
    setPaying(true);
    try {
      await paymentsApi.confirmSandbox(intent.clientSecret, { number, expMonth: Number(mm), expYear: 2000 + Number(yy), cvc }, email);
      onPaid();
    } catch (err) {
      setError(paymentErrorMessage(err));
      setPaying(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextField label="Billing email" value={email} readOnly className="opacity-80" />
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        onChange={(e) => setNumber(formatCardNumber(e.target.value))}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          onChange={(e) => setExpiry(formatExpiry(e.target.value))}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={cvc}
          onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" size="lg" loading={paying}>
        Pay $19.99
      </Button>
      <p className="text-center text-xs text-muted">
        Renews monthly until you cancel. No refunds for partial months; access lasts to the end of the period.
      </p>
    </form>
  );
}
