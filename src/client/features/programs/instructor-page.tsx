import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ClassView } from '@shared/contracts/programs';
import { Icon } from '../../components/icon';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { ScreenHeader } from '../../components/ui/screen-header';
import { cn } from '../../lib/cn';
import { useStatus } from '../../lib/use-status';
import { useTaughtClasses } from './api/get-taught-classes';
import { ClassPanel } from './class-panel';
import { CreateClassModal } from './create-class-modal';
import { shortDay } from './format';
import { useInstructorGuard } from './use-instructor-guard';

/** /instructor (decision 106): the classes an instructor teaches, a new class and its code, and the chosen class's roster. */
export default function InstructorPage() {
  const allowed = useInstructorGuard();
  const classes = useTaughtClasses({ enabled: allowed });
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const { status, show } = useStatus();
  if (!allowed) return null;
  const list = classes.data ?? [];
  const chosenId = params.get('class') ?? list[0]?.id ?? null;
  const choose = (id: string) => setParams({ class: id }, { replace: true });

  return (
    <>
      <ScreenHeader
        title="Instructor"
        wide
        subtitle={classes.data ? `${list.length} class${list.length === 1 ? '' : 'es'}` : undefined}
        action={
          <Button variant="light" size="sm" onClick={() => setCreating(true)}>
            New Class
          </Button>
        }
      />
      <main className="mx-auto w-full max-w-6xl space-y-4 px-4 py-5 lg:px-8">
        <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
        {classes.isError && (
          <LoadError error={classes.error} fallback="Failed to load your classes" onRetry={classes.refetch} retrying={classes.isFetching} />
        )}
        {classes.isPending && <div className="h-48 animate-pulse rounded-card bg-white ring-1 ring-line/70" />}
        {classes.data && list.length === 0 && (
          <div className="rounded-card bg-surface p-8 text-center ring-1 ring-line/70">
            <Icon name="class" className="mx-auto size-10 text-navy-600" />
            <p className="mt-3 text-lg font-semibold">No classes yet</p>
            <p className="mt-1 text-muted">
              Create a class to get its code; students join with it from their profile or the subscription screen.
            </p>
            <Button className="mt-4" onClick={() => setCreating(true)}>
              New Class
            </Button>
          </div>
        )}
        {list.length > 0 && (
          <div className="grid grid-cols-1 gap-4 2xl:grid-cols-[18rem_minmax(0,1fr)]">
            <nav aria-label="Classes" className="space-y-2">
              {list.map((c) => (
                <ClassTab key={c.id} c={c} active={c.id === chosenId} onChoose={() => choose(c.id)} />
              ))}
            </nav>
            {chosenId && <ClassPanel key={chosenId} id={chosenId} />}
          </div>
        )}
      </main>
      <CreateClassModal
        open={creating}
        onOpenChange={setCreating}
        onCreated={(c) => {
          setCreating(false);
          choose(c.id);
          show('success', `Class created. Its code is ${c.code}.`);
        }}
      />
    </>
  );
}

function ClassTab({ c, active, onChoose }: { c: ClassView; active: boolean; onChoose: () => void }) {
  return (
    <button
      type="button"
      onClick={onChoose}
      aria-current={active ? 'true' : undefined}
      className={cn(
        'flex w-full items-center gap-3 rounded-2xl p-4 text-left ring-1 transition-colors',
        active ? 'bg-navy-900 text-white ring-navy-900' : 'bg-surface text-ink ring-line/70 hover:bg-navy-50',
      )}
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold">{c.name}</span>
        <span className={cn('block text-sm', active ? 'text-white/75' : 'text-muted')}>
          {c.level} · {shortDay(c.startDate)} – {shortDay(c.endDate)}
        </span>
      </span>
      <span className={cn('shrink-0 rounded-full px-2.5 py-1 text-xs font-bold', active ? 'bg-white/15' : 'bg-navy-50 text-navy-800')}>
        {c.members}/{c.seats}
      </span>
    </button>
  );
}
