import { useState } from 'react';
import type { ClassPreview } from '@shared/contracts/programs';
import { classCodeField } from '@shared/contracts/programs';
import { CLASS_MESSAGES } from '@shared/programs';
import { z } from 'zod';
import { JoinClassDialog } from '../../components/programs/join-class-dialog';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { useMyClasses } from './api/get-my-classes';
import { useJoinClass } from './api/join-class';
import { useLeaveClass } from './api/leave-class';
import { usePreviewClass } from './api/preview-class';
import type { MyClassView } from '@shared/contracts/programs';

const codeForm = z.object({ code: classCodeField });

/** The profile's classes (decision 106): the classes the student is in, "Join a class" by code, and Leave. */
export function ClassMemberships() {
  const classes = useMyClasses();
  const { status, show } = useStatus();
  const form = useZodForm(codeForm, { defaultValues: { code: '' } });
  const [pending, setPending] = useState<{ code: string; preview: ClassPreview } | null>(null);
  const [leaving, setLeaving] = useState<MyClassView | null>(null);
  const preview = usePreviewClass({
    onError: (err) => form.setError('code', { message: userMessage(err, 'Failed to find the class') }, { shouldFocus: true }),
  });
  const join = useJoinClass({
    onSuccess: (joined) => {
      setPending(null);
      form.reset({ code: '' });
      show(
        'success',
        joined.expirationDate
          ? `You joined ${joined.membership.name}. Your access now runs to ${new Date(joined.expirationDate).toLocaleDateString()}.`
          : `You joined ${joined.membership.name}.`,
      );
    },
  });
  const leave = useLeaveClass({
    onSuccess: () => show('success', CLASS_MESSAGES.left),
    onError: (err) => show('error', userMessage(err, 'Failed to leave the class')),
    onSettled: () => setLeaving(null),
  });
  const codeError = form.formState.errors.code?.message;

  return (
    <section className="space-y-4 rounded-card bg-surface p-6 ring-1 ring-line/70" aria-labelledby="classes-title">
      <div>
        <h2 id="classes-title" className="text-lg font-bold">
          Classes
        </h2>
        <p className="mt-1 text-sm text-muted">Study with your program: your instructor sees how you are doing, and only that.</p>
      </div>
      <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
      {classes.isError && (
        <LoadError error={classes.error} fallback="Failed to load your classes" onRetry={classes.refetch} retrying={classes.isFetching} />
      )}
      {classes.isPending && <div className="h-16 animate-pulse rounded-xl bg-navy-50" />}
      {classes.data && classes.data.length === 0 && <p className="text-[15px] text-muted">You are not in a class.</p>}
      {classes.data && classes.data.length > 0 && (
        <ul className="divide-y divide-line/70 rounded-xl ring-1 ring-line/70" data-testid="my-classes">
          {classes.data.map((c) => (
            <li key={c.classId} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="truncate font-semibold">{c.name}</p>
                <p className="text-sm text-muted">
                  {c.level} · {c.instructorName} · e-mail {c.emailVisible ? 'shown' : 'hidden'} · NREMT results{' '}
                  {c.outcomesConsent ? 'shared' : 'not shared'}
                </p>
              </div>
              <Button variant="secondary" size="sm" className="text-signal-600" onClick={() => setLeaving(c)}>
                Leave
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={form.handleSubmit((v) => preview.mutate(v.code, { onSuccess: (p) => setPending({ code: v.code, preview: p }) }))}
        noValidate
      >
        <label htmlFor="class-code" className="text-sm font-semibold text-navy-900">
          Join a class
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            id="class-code"
            placeholder="CLASS-XXXXXX"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? 'class-code-error' : undefined}
            className={`min-h-12 min-w-0 flex-1 rounded-xl border bg-white px-3.5 font-mono text-base uppercase tracking-wider focus:border-navy-600 ${codeError ? 'border-signal-500' : 'border-line'}`}
            {...form.register('code')}
          />
          <Button type="submit" loading={preview.isPending} className="min-h-12 px-5">
            Continue
          </Button>
        </div>
        {codeError && (
          <p id="class-code-error" role="alert" className="mt-2 text-sm text-signal-600">
            {codeError}
          </p>
        )}
      </form>
      <JoinClassDialog
        key={pending?.code}
        preview={pending?.preview ?? null}
        onClose={() => {
          setPending(null);
          join.reset();
        }}
        busy={join.isPending}
        error={join.isError ? userMessage(join.error, 'Failed to join the class') : null}
        onJoin={(choices) => pending && join.mutate({ code: pending.code, ...choices })}
      />
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(o) => !o && setLeaving(null)}
        title="Leave this class?"
        confirmLabel="Leave Class"
        cancelLabel="Stay"
        busy={leave.isPending}
        onConfirm={() => leaving && leave.mutate(leaving.classId)}
      >
        {leaving && (
          <>
            <span className="font-semibold">{leaving.name}</span>: your instructor stops seeing your study at once. You can join again with
            the code.
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
