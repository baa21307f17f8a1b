import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

/** Developer page: the e-mails the outbox mail provider has "sent", newest first. */
export default function OutboxPage() {
  const q = useQuery({ queryKey: ['dev-outbox'], queryFn: () => api<{ emails: OutboxMail[] }>('/api/dev/outbox', { ignoreUnauthorized: true }), refetchInterval: 5000 });
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="surface-dark bg-navy-900 px-5 py-5 text-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between">
          <Logo light />
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-bold uppercase tracking-wider text-amber-600">Dev outbox</span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6">
        <div className="mb-4 flex items-center justify-between">
          <h1 className="text-2xl font-bold">Sent e-mails</h1>
          <Button variant="secondary" size="sm" onClick={() => q.refetch()}>
            Refresh
          </Button>
        </div>
        {q.isError && (
          <Alert tone="error">{q.error instanceof ApiError && q.error.status === 404 ? 'The dev outbox is off: e-mail goes out through SMTP.' : 'Could not load the outbox.'}</Alert>
        )}
        {q.data?.emails.length === 0 && <p className="rounded-card bg-surface p-6 text-center text-muted ring-1 ring-line/70">No e-mails yet. Sign up or request a password reset to see one here.</p>}
        <ul className="space-y-3">
          {q.data?.emails.map((m) => (
            <li key={m.id} className="rounded-card bg-surface p-5 ring-1 ring-line/70">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">{m.subject}</p>
                <time className="text-sm text-muted" dateTime={m.sentAt}>
                  {new Date(m.sentAt).toLocaleString()}
                </time>
              </div>
              <p className="text-sm text-muted">To: {m.to}</p>
              <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm">{m.text}</pre>
              {m.links.map((l) => (
                <a key={l} href={l} className="mt-2 block break-all text-sm font-semibold text-navy-700 underline">
                  {l}
                </a>
              ))}
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
