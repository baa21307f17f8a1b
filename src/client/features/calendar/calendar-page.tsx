import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { nowDate } from '../../lib/clock';

type EventType = 'meeting' | 'deadline' | 'call' | 'review';

/** Calendar is a stub with fixed sample content (docs/product.md §1 and §2). */
const EVENTS: { title: string; when: string; type: EventType }[] = [
  { title: 'Study group: cardiology review', when: 'Monday · 6:00 PM', type: 'meeting' },
  { title: 'Skills check-off sign-up closes', when: 'Wednesday · 11:59 PM', type: 'deadline' },
  { title: 'Ride-along debrief call', when: 'Thursday · 4:30 PM', type: 'call' },
  { title: 'Pharmacology flashcard review', when: 'Saturday · 10:00 AM', type: 'review' },
];

const TONES: Record<EventType, string> = {
  meeting: 'bg-navy-50 text-navy-800 border-navy-600',
  deadline: 'bg-signal-50 text-signal-700 border-signal-500',
  call: 'bg-go-100 text-go-700 border-go-600',
  review: 'bg-amber-100 text-amber-600 border-amber-600',
};

export default function CalendarPage() {
  const navigate = useNavigate();
  const today = nowDate().toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <>
      <header className="surface-dark bg-navy-900 px-4 pb-6 pt-[calc(env(safe-area-inset-top)+1rem)] text-white">
        <div className="mx-auto flex w-full max-w-2xl items-center justify-between">
          <Button variant="light" size="sm" onClick={() => navigate('/home')}>
            Home
          </Button>
        </div>
        <div className="mx-auto mt-3 w-full max-w-2xl">
          <h1 className="text-2xl font-bold tracking-tight">Your Schedule</h1>
          <p className="mt-1 text-white/75">{today}</p>
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl space-y-3 px-4 py-5">
        <h2 className="text-lg font-bold">Upcoming</h2>
        <ul className="space-y-3">
          {EVENTS.map((e) => (
            <li key={e.title} className={cn('rounded-2xl border-l-4 p-4 ring-1 ring-line/70', TONES[e.type])}>
              <p className="text-xs font-bold uppercase tracking-wider">{e.type}</p>
              <p className="mt-1 font-semibold text-navy-900">{e.title}</p>
              <p className="text-sm text-muted">{e.when}</p>
            </li>
          ))}
        </ul>
        <Button variant="secondary" size="lg" className="mt-2">
          Add New Event
        </Button>
      </main>
    </>
  );
}
