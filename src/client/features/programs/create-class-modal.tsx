import { useState } from 'react';
import { createClassBody, type ClassView, type CreateClassBody } from '@shared/contracts/programs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useCreateClass } from './api/create-class';

const whole = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));
const empty: CreateClassBody = {
  name: '',
  level: 'EMT',
  startDate: '',
  endDate: '',
  examWindowStart: '',
  examWindowEnd: '',
  seats: 30,
  grantsAccessDays: null,
};

/** A new class (decision 106): its dates, seats and whether its code grants access; the code is shown once it is made. */
export function CreateClassModal({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onCreated: (c: ClassView) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="New class" description="Students join with the class's code.">
      <CreateClassForm onCreated={onCreated} />
    </Modal>
  );
}

function CreateClassForm({ onCreated }: { onCreated: (c: ClassView) => void }) {
  const form = useZodForm(createClassBody, { defaultValues: empty });
  const [grants, setGrants] = useState(false);
  const create = useCreateClass({ onSuccess: onCreated });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    create.mutate(
      { ...body, grantsAccessDays: grants ? body.grantsAccessDays : null },
      {
        onError: (err) => {
          if (setServerIssues(form, err)) create.reset();
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextField label="Class name" placeholder="EMT Basic — Spring 2027" error={errors.name?.message} {...form.register('name')} />
      <fieldset>
        <legend className="text-sm font-semibold text-navy-900">Level</legend>
        <div className="mt-1.5 flex gap-2">
          {(['EMT', 'Paramedic'] as const).map((l) => (
            <label
              key={l}
              className="flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl bg-white font-semibold ring-1 ring-line has-[:checked]:bg-navy-900 has-[:checked]:text-white"
            >
              <input type="radio" value={l} className="sr-only" {...form.register('level')} />
              {l}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <TextField label="First day" type="date" error={errors.startDate?.message} {...form.register('startDate')} />
        <TextField label="Last day" type="date" error={errors.endDate?.message} {...form.register('endDate')} />
        <TextField label="Exam window from" type="date" error={errors.examWindowStart?.message} {...form.register('examWindowStart')} />
        <TextField label="Exam window to" type="date" error={errors.examWindowEnd?.message} {...form.register('examWindowEnd')} />
      </div>
      <TextField
        label="Seats"
        type="number"
        inputMode="numeric"
        min={1}
        error={errors.seats?.message}
        {...form.register('seats', { setValueAs: whole })}
      />
      <div className="space-y-2 rounded-xl bg-navy-50/50 p-3 ring-1 ring-line/60">
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" className="size-5 accent-navy-900" checked={grants} onChange={(e) => setGrants(e.target.checked)} />
          <span className="font-semibold">The code grants access</span>
        </label>
        <p className="text-sm text-muted">
          {grants
            ? 'Each student gets these days on their first join; each join takes a seat.'
            : 'The code only joins: students subscribe or use a validation code.'}
        </p>
        {grants && (
          <TextField
            label="Days of access"
            type="number"
            inputMode="numeric"
            min={1}
            error={errors.grantsAccessDays?.message}
            {...form.register('grantsAccessDays', { setValueAs: whole })}
          />
        )}
      </div>
      {create.isError && <Alert tone="error">{userMessage(create.error, 'Failed to create the class')}</Alert>}
      <Button type="submit" size="lg" loading={create.isPending}>
        Create Class
      </Button>
    </form>
  );
}
