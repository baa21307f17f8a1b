import { lazy, Suspense } from 'react';
import { SUBSCRIPTION } from '@shared/constants';
import { sandboxCardForm, type PaymentIntent } from '@shared/contracts/subscription';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useConfirmSandboxPayment } from './api/confirm-sandbox-payment';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** docs/product.md §8, Payment: the card error (the server's words for a 4xx), or "Something went wrong". */
export const PAYMENT_FALLBACK = 'Something went wrong';

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

/**
 * The card payment dialog. The payment is prepared by the page when Subscribe Now is pressed (a mutation, so no effect starts
 * it); the dialog shows that state: preparing, the failure, or the card form of the provider in use.
 */
export function PaymentModal({
  open,
  onOpenChange,
  email,
  intent,
  loadError,
  onPaid,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  email: string;
  intent: PaymentIntent | null;
  loadError: string | null;
  onPaid: () => void;
}) {
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
            No real charge. Use <b>4242 4242 4242 4242</b>, any future date and any 3 digits. <b>4000 0000 0000 0002</b> is declined.
          </span>
        </div>
      )}
      {loadError && <Alert tone="error">{loadError}</Alert>}
      {!intent && !loadError && (
        <div className="flex items-center gap-3 py-6 text-muted" role="status">
          <Spinner className="size-5" /> Preparing a secure payment…
        </div>
      )}
      {intent?.provider === 'sandbox' && <SandboxCardForm intent={intent} email={email} onPaid={onPaid} />}
      {intent?.provider === 'stripe' && (
        <Suspense fallback={<Spinner className="size-5" />}>
          <StripeCardForm intent={intent} email={email} onPaid={onPaid} />
        </Suspense>
      )}
    </Modal>
  );
}

function SandboxCardForm({ intent, email, onPaid }: { intent: PaymentIntent; email: string; onPaid: () => void }) {
  const form = useZodForm(sandboxCardForm, { defaultValues: { number: '', expiry: '', cvc: '' } });
  const pay = useConfirmSandboxPayment({
    onSuccess: onPaid,
    onError: (err) => {
      const onField = setServerIssues(form, err, {
        'card.number': 'number',
        'card.expMonth': 'expiry',
        'card.expYear': 'expiry',
        'card.cvc': 'cvc',
      });
      if (!onField) form.setError('root', { message: userMessage(err, PAYMENT_FALLBACK) });
    },
  });
  const { errors } = form.formState;

  return (
    <form
      onSubmit={form.handleSubmit(({ number, expiry, cvc }) =>
        pay.mutate({ clientSecret: intent.clientSecret, card: { number, ...expiry, cvc }, billingEmail: email }),
      )}
      className="space-y-4"
      noValidate
    >
      <TextField label="Billing email" value={email} readOnly className="opacity-80" />
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        error={errors.number?.message}
        {...form.register('number', {
          onChange: (e: { target: HTMLInputElement }) => form.setValue('number', formatCardNumber(e.target.value)),
        })}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          error={errors.expiry?.message}
          {...form.register('expiry', {
            onChange: (e: { target: HTMLInputElement }) => form.setValue('expiry', formatExpiry(e.target.value)),
          })}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.cvc?.message}
          {...form.register('cvc', {
            onChange: (e: { target: HTMLInputElement }) => form.setValue('cvc', e.target.value.replace(/\D/g, '').slice(0, 4)),
          })}
        />
      </div>
      {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
      <Button type="submit" size="lg" loading={pay.isPending}>
        Pay $19.99
      </Button>
      <p className="text-center text-xs text-muted">
        Renews monthly until you cancel. No refunds for partial months; access lasts to the end of the period.
      </p>
    </form>
  );
}
