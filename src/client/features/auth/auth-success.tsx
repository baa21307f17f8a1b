import type { ReactNode } from 'react';
import { AuthShell } from '../../components/ui/auth-shell';
import { ButtonLink } from '../../components/ui/button';

function SuccessIcon({ icon }: { icon: 'check' | 'mail' }) {
  return (
    <span
      className={`flex size-16 items-center justify-center rounded-full ${icon === 'check' ? 'bg-go-100 text-go-600' : 'bg-navy-50 text-navy-700'}`}
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="2.5">
        {icon === 'check' ? (
          <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M4 6h16v12H4zM4 7l8 6 8-6" strokeLinecap="round" strokeLinejoin="round" />
        )}
      </svg>
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
