import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QRCodeSVG } from 'qrcode.react';
import * as Checkbox from '@radix-ui/react-checkbox';
import { STORAGE_KEYS } from '@shared/constants';
import { isMobileDevice } from '@shared/device-type';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { cn } from '../../lib/cn';
import { local } from '../../lib/storage';
import { Icon } from '../../components/icon';

function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

export default function OnboardingPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2 | 3>(() => (isStandalone() ? 3 : 1));
  const [mobile] = useState(() => isMobileDevice(navigator.userAgent, window.innerWidth));
  const [completed, setCompleted] = useState(false);

  function finish() {
    local.set(STORAGE_KEYS.onboardingCompleted, 'true');
    void navigate('/login', { replace: true });
  }

  return (
    <div className="flex min-h-dvh flex-col surface-dark bg-navy-900 text-white">
      <header className="pt-[calc(env(safe-area-inset-top)+1.5rem)] mx-auto flex w-full max-w-lg items-center justify-between px-6">
        <Logo light />
        <ol className="flex gap-2" aria-label={`Step ${step} of 3`}>
          {[1, 2, 3].map((n) => (
            <li key={n} className={cn('h-2 rounded-full transition-all', n === step ? 'w-6 bg-signal-500' : 'w-2 bg-white/30')} />
          ))}
        </ol>
      </header>
      <main className="mx-auto flex w-full max-w-lg flex-1 flex-col px-6 pb-8 pt-10">
        {step === 1 && (
          <section className="flex flex-1 flex-col">
            <p className="text-sm font-semibold uppercase tracking-widest text-signal-300">Registry exam prep</p>
            <h1 className="mt-3 text-4xl font-bold leading-tight tracking-tight">Welcome to MedicPrep</h1>
            <p className="mt-4 text-lg text-white/80">
              Study the way the exam tests you, a few minutes at a time, between calls and lectures.
            </p>
            <ul className="mt-8 space-y-4">
              {[
                ['Flashcards', 'Paramedic and EMT decks by category, with flagging for review.'],
                ['Clinical scenarios', 'Work one patient from scene size-up to reassessment.'],
                ['Exam-style questions', 'Drag-and-drop therapies and sorting, as on the new exam.'],
                ['Daily streak', 'Climb from Recruit to EMS Chief and earn badges.'],
              ].map(([title, text]) => (
                <li key={title} className="flex gap-3">
                  <span
                    className="mt-1 flex size-6 shrink-0 items-center justify-center rounded-full bg-signal-500/20 text-signal-500"
                    aria-hidden="true"
                  >
                    <Icon name="check" className="size-4" strokeWidth={3} />
                  </span>
                  <span>
                    <span className="block font-semibold">{title}</span>
                    <span className="text-white/70">{text}</span>
                  </span>
                </li>
              ))}
            </ul>
            <div className="mt-auto pt-10">
              <Button variant="danger" size="lg" onClick={() => setStep(2)}>
                Get Started
              </Button>
            </div>
          </section>
        )}

        {step === 2 && mobile && (
          <section className="flex flex-1 flex-col">
            <h1 className="text-3xl font-bold tracking-tight">Add MedicPrep to your home screen</h1>
            <p className="mt-3 text-white/80">It opens full screen like an app, straight from your home screen.</p>
            <ol className="mt-8 space-y-4">
              <li className="rounded-2xl bg-white/10 p-4">
                <p className="font-semibold">1. Open your browser's menu</p>
                <p className="mt-1 text-white/75">
                  iPhone (Safari): tap the Share button <span aria-hidden="true">⬆︎</span> at the bottom of the screen. Android (Chrome): tap
                  the ⋮ menu at the top right.
                </p>
              </li>
              <li className="rounded-2xl bg-white/10 p-4">
                <p className="font-semibold">2. Add it to your home screen</p>
                <p className="mt-1 text-white/75">
                  Choose “Add to Home Screen” (iPhone) or “Install app” / “Add to Home screen” (Android), then tap Add.
                </p>
              </li>
            </ol>
            <label className="mt-6 flex min-h-11 cursor-pointer items-center gap-3 rounded-xl p-1">
              <Checkbox.Root
                checked={completed}
                onCheckedChange={(v) => setCompleted(v === true)}
                className="flex size-6 shrink-0 items-center justify-center rounded-md border-2 border-white/70 bg-transparent data-[state=checked]:border-signal-500 data-[state=checked]:bg-signal-500"
              >
                <Checkbox.Indicator>
                  <Icon name="check" className="size-4 text-white" strokeWidth={3.5} />
                </Checkbox.Indicator>
              </Checkbox.Root>
              <span className="text-base">I completed both steps above</span>
            </label>
            <div className="mt-auto pt-8">
              <Button variant="danger" size="lg" disabled={!completed} onClick={() => setStep(3)}>
                Done
              </Button>
            </div>
          </section>
        )}

        {step === 2 && !mobile && (
          <section className="flex flex-1 flex-col items-center text-center">
            <h1 className="text-3xl font-bold tracking-tight">Take MedicPrep with you</h1>
            <p className="mt-3 max-w-sm text-white/80">
              Scan this code with your phone's camera to open MedicPrep there and add it to your home screen.
            </p>
            <div className="mt-8 rounded-3xl bg-white p-5 shadow-xl" role="img" aria-label={`QR code for ${window.location.origin}`}>
              <QRCodeSVG value={window.location.origin} size={200} fgColor="#0b1f3a" level="M" />
            </div>
            <p className="mt-4 text-sm text-white/60">{window.location.origin}</p>
            <div className="mt-auto w-full max-w-sm pt-10">
              <Button variant="danger" size="lg" onClick={() => setStep(3)}>
                Continue on Desktop
              </Button>
            </div>
          </section>
        )}

        {step === 3 && (
          <section className="flex flex-1 flex-col items-center justify-center text-center">
            <span className="flex size-20 items-center justify-center rounded-full bg-go-600" aria-hidden="true">
              <Icon name="check" className="size-10 text-white" strokeWidth={3} />
            </span>
            <h1 className="mt-6 text-4xl font-bold tracking-tight">All Set</h1>
            <p className="mt-3 max-w-sm text-lg text-white/80">Log in or create your account and start your first study session.</p>
            <div className="mt-auto w-full max-w-sm pt-10">
              <Button variant="danger" size="lg" onClick={finish}>
                Start Learning
              </Button>
            </div>
          </section>
        )}
      </main>
    </div>
  );
}
