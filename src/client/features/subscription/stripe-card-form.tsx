import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { PaymentIntent } from '@shared/contracts/subscription';

/** Stripe Elements card form; Stripe.js (basil) is loaded only when this modal opens. */
export default function StripeCardForm({ intent, email, onPaid }: { intent: PaymentIntent; email: string; onPaid: () => void }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let element: StripeCardElement | null = null;
    let cancelled = false;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js');
      const s = await loadStripe(intent.publishableKey ?? '');
      if (cancelled || !s || !mountRef.current) {
        if (!s) setError('Something went wrong');
        return;
      }
      element = s.elements().create('card', { style: { base: { fontSize: '16px', color: '#0b1f3a' } } });
      element.mount(mountRef.current);
      setStripe(s);
      setCard(element);
    })().catch(() => setError('Something went wrong'));
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [intent.publishableKey]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !card) return;
    setPaying(true);
    setError(null);
    const result = await stripe.confirmCardPayment(intent.clientSecret, { payment_method: { card, billing_details: { email } } });
    if (result.error) {
      setError(result.error.message ?? 'Payment failed');
      setPaying(false);
    } else onPaid();
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="rounded-xl border border-line px-3.5 py-4" ref={mountRef} />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" size="lg" loading={paying} disabled={!card}>
        Pay $19.99
      </Button>
    </form>
  );
}
