import { useState } from 'react';
import type { EmailChangeResult } from '@shared/contracts/account';
import { MESSAGES } from '@shared/errors';
import { useAuth } from '../../lib/auth/auth-context';
import { Alert } from '../../components/ui/alert';
import { AuthShell } from '../../components/ui/auth-shell';
import { Button, ButtonLink } from '../../components/ui/button';
import { useCancelEmailChange } from './api/cancel-email-change';
import { useConfirmEmailChange } from './api/confirm-email-change';
import { userMessage } from '../../lib/user-message';
import { AuthSuccess } from './auth-success';

type Phase = { kind: 'ready' } | { kind: 'done'; result: EmailChangeResult } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

const INVALID_LINK = 'This link is invalid, has expired or was already used. Request the change again from your profile.';

/**
 * Where both links of a change of e-mail address land (`/confirm-email?token=…`), signed in or not.
 * Nothing happens until the person presses a button, so a mail scanner opening the link spends nothing;
 * the owner of the current address can also cancel a change they did not ask for.
 */
export default function ConfirmEmailPage() {
  const auth = useAuth();
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token'));
  const [phase, setPhase] = useState<Phase>(token ? { kind: 'ready' } : { kind: 'failed', message: INVALID_LINK });
  const back = auth.user ? { to: '/profile', label: 'Back to Profile' } : { to: '/login', label: 'Go to Login' };
  const failed = (err: unknown) => setPhase({ kind: 'failed', message: userMessage(err, MESSAGES.internal) });

  const confirm = useConfirmEmailChange({
    onSuccess: async (result) => {
      if (result.status === 'changed' && auth.user) await auth.refreshSession();
      setPhase({ kind: 'done', result });
    },
    onError: failed,
  });
  const cancel = useCancelEmailChange({
    onSuccess: () => setPhase({ kind: 'cancelled' }),
    onError: failed,
  });
  const busy = confirm.isPending || cancel.isPending;

  if (phase.kind === 'done') {
    const { result } = phase;
    if (result.status === 'changed') {
      return (
        <AuthSuccess
          title="E-mail Address Changed"
          message={
            <>
              Your MedicPrep account now uses <strong className="break-all">{result.email}</strong>.
            </>
          }
          note="Use it to log in from now on."
          action={back}
        />
      );
    }
    return (
      <AuthSuccess
        title="One More Step"
        icon="mail"
        message={result.waitingFor === 'current' ? 'Your new address is confirmed.' : 'The change is approved from your current address.'}
        note={
          result.waitingFor === 'current'
            ? 'Now open the link we sent to your current address. The change happens once both links are opened.'
            : 'Now open the link we sent to your new address. The change happens once both links are opened.'
        }
        action={back}
      />
    );
  }
  if (phase.kind === 'cancelled') {
    return (
      <AuthSuccess
        title="Change Cancelled"
        message="Your e-mail address stays as it was."
        note="If you did not ask for this change, someone may know your password: reset it."
        action={auth.user ? back : { to: '/forgot-password', label: 'Reset Password' }}
      />
    );
  }
  if (phase.kind === 'failed') {
    return (
      <AuthShell title="Confirm E-mail Change">
        <Alert tone="error">{phase.message}</Alert>
        <ButtonLink to={back.to} size="lg" className="mt-6">
          {back.label}
        </ButtonLink>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title="Confirm E-mail Change"
      subtitle="Someone asked to change the e-mail address of a MedicPrep account, and this link is one of its two confirmations."
    >
      <p className="text-[15px]">If it was you, confirm. If it was not, cancel the change: the address stays as it is.</p>
      <Button
        size="lg"
        className="mt-6"
        loading={confirm.isPending}
        disabled={busy || !token}
        onClick={() => token && confirm.mutate(token)}
      >
        Confirm Change
      </Button>
      <Button
        variant="ghost"
        size="lg"
        className="mt-2"
        loading={cancel.isPending}
        disabled={busy || !token}
        onClick={() => token && cancel.mutate(token)}
      >
        This Wasn't Me: Cancel
      </Button>
    </AuthShell>
  );
}
