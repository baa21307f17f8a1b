import { useState } from 'react';
import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason } from '@shared/questions';
import { reportSchema, type PublicItem } from '@shared/contracts/questions';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { cn } from '../../lib/cn';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useFlagItem } from './api/flag-item';
import { useReportItem } from './api/report-item';
import { useMyReports } from './api/get-my-reports';
import { Icon } from '../../components/icon';

const iconButton = 'inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2.5 text-sm font-semibold transition-colors';

/** Flag an item for later review ("Flagged" practice filter). Shown at once; put back if the server refuses. */
export function FlagButton({ sessionId, item }: { sessionId: string; item: PublicItem }) {
  const flag = useFlagItem(sessionId, item.key);
  return (
    <button
      type="button"
      aria-pressed={item.flagged}
      onClick={() => flag.mutate(!item.flagged)}
      className={cn(iconButton, item.flagged ? 'bg-signal-50 text-signal-700' : 'text-muted hover:bg-navy-50 hover:text-navy-900')}
    >
      <Icon name="flag" className={cn('size-5 shrink-0', item.flagged && 'fill-current')} />
      {item.flagged ? 'Flagged' : 'Flag'}
    </button>
  );
}

const REASON_LABELS: Record<ReportReason, string> = {
  incorrect: 'The answer is wrong',
  unclear: 'The question is unclear',
  typo: 'Typo or formatting',
  outdated: 'Outdated practice',
  other: 'Something else',
};

/** "Report a problem": a reason and a description, sent to the content team's review list. */
export function ReportButton({ itemKey }: { itemKey: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={cn(iconButton, 'text-muted hover:bg-navy-50 hover:text-navy-900')}>
        <Icon name="report" className="size-5 shrink-0" />
        <span>
          Report<span className="sr-only sm:not-sr-only"> a problem</span>
        </span>
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Report a problem" description="Tell us what is wrong with this question.">
        {open && <ReportForm itemKey={itemKey} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function ReportForm({ itemKey, onDone }: { itemKey: string; onDone: () => void }) {
  const form = useZodForm(reportSchema, { defaultValues: { itemKey, reason: 'incorrect', text: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const send = useReportItem({
    onMutate: () => setFailure(null),
    onError: (err) => {
      if (!setServerIssues(form, err)) setFailure(userMessage(err, 'Failed to send your report. Please try again.'));
    },
  });
  const errors = form.formState.errors;
  const text = form.watch('text') ?? '';

  if (send.isSuccess)
    return (
      <div className="space-y-6">
        <Alert tone="success">Thanks — we&rsquo;ll review this question.</Alert>
        <Button className="w-full" onClick={onDone}>
          Close
        </Button>
      </div>
    );

  return (
    <form onSubmit={form.handleSubmit((v) => send.mutate(v))} noValidate className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-navy-900">What is the problem?</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {REPORT_REASONS.map((r) => (
            <label
              key={r}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl bg-white px-3.5 text-[15px] ring-1 ring-inset ring-line has-[:checked]:bg-navy-50 has-[:checked]:ring-2 has-[:checked]:ring-navy-600"
            >
              <input type="radio" value={r} className="size-4 accent-navy-900" {...form.register('reason')} />
              {REASON_LABELS[r]}
            </label>
          ))}
        </div>
        {errors.reason && <p className="mt-1.5 text-sm text-signal-600">{errors.reason.message}</p>}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="report-text" className="text-sm font-semibold text-navy-900">
          Details
        </label>
        <textarea
          id="report-text"
          rows={4}
          maxLength={REPORT_TEXT_MAX}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby="report-text-note"
          className={cn(
            'rounded-xl border bg-white px-3.5 py-3 text-base text-ink placeholder:text-muted/70 focus:border-navy-600',
            errors.text ? 'border-signal-500' : 'border-line',
          )}
          placeholder="For example: option C is also correct because…"
          {...form.register('text')}
        />
        <p id="report-text-note" className={cn('text-sm', errors.text ? 'text-signal-600' : 'text-muted')}>
          {errors.text?.message ?? `${text.length} / ${REPORT_TEXT_MAX}`}
        </p>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" size="lg" loading={send.isPending}>
        Send report
      </Button>
    </form>
  );
}

/**
 * MedicPrep's answers to the student's reports on this item, shown under the feedback once the item is answered (an answer may
 * explain the key, so it is never shown before). Nothing when there is none; a failed read shows nothing either: the answer
 * is a courtesy beside the feedback, not part of it.
 */
export function ReportAnswers({ itemKey, answered }: { itemKey: string; answered: boolean }) {
  const mine = useMyReports(itemKey, answered);
  const answeredReports = (mine.data?.reports ?? []).filter((r) => r.reply);
  if (!answered || answeredReports.length === 0) return null;
  return (
    <section aria-label="Answers to your reports" className="mt-4 space-y-2">
      {answeredReports.map((r) => (
        <div key={r.id} className="rounded-2xl bg-navy-50 p-4 text-[15px] ring-1 ring-inset ring-line" data-testid="report-answer">
          <p className="flex items-center gap-2 text-sm font-bold text-navy-900">
            <Icon name="mail" className="size-4 shrink-0" />
            MedicPrep answered your report
            <span className="font-normal text-muted">
              · {new Date(r.repliedAt!).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' })}
            </span>
          </p>
          <p className="mt-1 text-sm text-muted">
            You wrote ({REASON_LABELS[r.reason]}): “{r.text}”
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words text-ink">{r.reply}</p>
        </div>
      ))}
    </section>
  );
}
