import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useAuth } from '../../app/auth-context';

/** The subscriber's landing screen; the dashboard (streak, stats, study modes) grows here. */
export default function HomePage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const first = auth.user?.firstName || 'User';
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="pt-[calc(env(safe-area-inset-top)+1.5rem)] bg-navy-900 px-5 pb-10 text-white">
        <div className="mx-auto flex w-full max-w-2xl items-center justify-between">
          <Logo light />
          <Button
            variant="light"
            size="sm"
            onClick={async () => {
              await auth.signOut();
              navigate('/', { replace: true });
            }}
          >
            Logout
          </Button>
        </div>
        <div className="mx-auto mt-8 w-full max-w-2xl">
          <p className="text-white/70">Welcome back</p>
          <h1 className="text-3xl font-bold tracking-tight">Hi, {first}!</h1>
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl px-4 py-6">
        <p className="rounded-card bg-surface p-6 text-muted ring-1 ring-line/70">Your subscription is active. Your study dashboard is on its way.</p>
      </main>
      <footer className="pb-8 text-center text-sm text-muted">© 2025 MedicPrep</footer>
    </div>
  );
}
