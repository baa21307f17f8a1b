import { useState } from 'react';
import type { ClassPreview } from '@shared/contracts/programs';
import { EMAIL_VISIBLE_LABEL, INSTRUCTOR_NEVER_SEES, INSTRUCTOR_SEES, OUTCOMES_CONSENT_LABEL } from '@shared/programs';
import { Icon } from '../icon';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

export interface JoinChoices {
  emailVisible: boolean;
  outcomesConsent: boolean;
}

const longDate = (d: string) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The step before a class join completes (decision 106): the class, and exactly what its instructor will see, in the words of
 * `INSTRUCTOR_SEES`; the two choices; then Join. Used by the subscription screen's code box and the profile's "Join a class",
 * which each hold their own API calls.
 */
export function JoinClassDialog({
  preview,
  onClose,
  onJoin,
  busy,
  error,
}: {
  preview: ClassPreview | null;
  onClose: () => void;
  onJoin: (choices: JoinChoices) => void;
  busy: boolean;
  error: string | null;
}) {
  const [emailVisible, setEmailVisible] = useState(false);
  const [outcomesConsent, setOutcomesConsent] = useState(false);
  return (
    <Modal
      open={preview !== null}
      onOpenChange={(o) => !o && onClose()}
      title={preview ? `Join ${preview.name}?` : 'Join a class'}
      description={preview ? `${preview.level} · taught by ${preview.instructorName}` : undefined}
    >
      {preview && (
        <div className="space-y-4 text-[15px]" data-testid="join-class-preview">
          <p className="text-muted">
            {longDate(preview.startDate)} to {longDate(preview.endDate)}
            {preview.examWindowStart && ` · exam window from ${longDate(preview.examWindowStart)}`}
          </p>
          {preview.grantsAccessDays !== null && (
            <p className="flex items-center gap-2 rounded-xl bg-go-100 px-3 py-2 font-semibold text-go-700">
              <Icon name="check" className="size-5" /> Joining gives you {preview.grantsAccessDays} days of access.
            </p>
          )}
          {preview.alreadyMember && <Alert tone="info">You are already in this class.</Alert>}
          <section aria-labelledby="instructor-sees-title" className="rounded-xl bg-navy-50/60 p-4 ring-1 ring-line/70">
            <h3 id="instructor-sees-title" className="font-semibold text-navy-900">
              Your instructor will see
            </h3>
            <ul className="mt-2 space-y-1.5">
              {INSTRUCTOR_SEES.map((line) => (
                <li key={line} className="flex gap-2">
                  <Icon name="eye" className="mt-0.5 size-4 shrink-0 text-navy-600" />
                  {line}
                </li>
              ))}
              {emailVisible && (
                <li className="flex gap-2">
                  <Icon name="eye" className="mt-0.5 size-4 shrink-0 text-navy-600" />
                  Your e-mail address
                </li>
              )}
              {outcomesConsent && (
                <li className="flex gap-2">
                  <Icon name="eye" className="mt-0.5 size-4 shrink-0 text-navy-600" />
                  Your NREMT results
                </li>
              )}
            </ul>
            <p className="mt-3 text-sm text-muted">{INSTRUCTOR_NEVER_SEES}</p>
          </section>
          <div className="space-y-2">
            <label className="flex min-h-11 items-center gap-3 rounded-xl px-1">
              <input
                type="checkbox"
                className="size-5 accent-navy-900"
                checked={emailVisible}
                onChange={(e) => setEmailVisible(e.target.checked)}
              />
              {EMAIL_VISIBLE_LABEL}
            </label>
            <label className="flex min-h-11 items-center gap-3 rounded-xl px-1">
              <input
                type="checkbox"
                className="size-5 accent-navy-900"
                checked={outcomesConsent}
                onChange={(e) => setOutcomesConsent(e.target.checked)}
              />
              {OUTCOMES_CONSENT_LABEL}
            </label>
            <p className="text-sm text-muted">
              You can leave the class at any time from your profile; your instructor then sees nothing more.
            </p>
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => onJoin({ emailVisible, outcomesConsent })} loading={busy} disabled={preview.alreadyMember}>
              Join Class
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
