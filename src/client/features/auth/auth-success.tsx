import type { ReactNode } from 'react';
import { AuthShell } from '../../components/ui/auth-shell';
import { ButtonLink } from '../../components/ui/button';
import { Icon } from '../../components/icon';

function SuccessIcon({ icon }: { icon: 'check' | 'mail' }) {
  return (
    <span
      className={`flex size-16 items-center justify-center rounded-full ${icon === 'check' ? 'bg-go-100 text-go-600' : 'bg-navy-50 text-navy-700'}`}
      aria-hidden="true"
    >
      <Icon name={icon} className="size-8" />
    </span>
  );
}

/** The screen after an auth step succeeded ("Account Created!", "Email Sent!", "Password Updated!"): what happened, what to do next, one way on. */
export function AuthSuccess({
  title,
  icon = 'check',
  message,
  note,
  action,
}: {
  title: string;
  icon?: 'check' | 'mail';
  message: ReactNode;
  note?: ReactNode;
  action: { to: string; label: string };
}) {
  return (
    <AuthShell title={title}>
      <div className="flex flex-col items-center text-center">
        <SuccessIcon icon={icon} />
        <p className="mt-4 text-[15px]">{message}</p>
        {note && <p className="mt-2 text-[15px] text-muted">{note}</p>}
        <ButtonLink to={action.to} size="lg" className="mt-6">
          {action.label}
        </ButtonLink>
      </div>
    </AuthShell>
  );
}
