import type { ReactNode } from 'react';
import { ASSIGNMENT_KIND_LABELS, ASSIGNMENT_KINDS, type AssignmentKind } from '@shared/assignments';
import { FLASHCARD_CATEGORIES } from '@shared/constants';
import { createAssignmentBody, type ClassAssignmentsResponse } from '@shared/contracts/assignments';
import type { ClassView } from '@shared/contracts/programs';
import { domainsOf, QUESTION_COUNTS } from '@shared/questions';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { cn } from '../../lib/cn';
import { setServerIssues, useZodFormVia } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useCreateAssignment } from './api/create-assignment';
import type { Student } from './roster-model';

// Setting a class an assignment (docs/decisions/111-class-assignments.md): what, when it is due, and for whom.

interface Fields {
  kind: AssignmentKind;
  domains: string[];
  topics: string[];
  count: string;
  mode: 'tutor' | 'timed';
  category: string;
  scenarioKey: string;
  timed: 'yes' | 'no';
  dueDate: string;
  audience: 'all' | 'chosen';
  studentIds: string[];
}

const FIELD_FOR = {
  spec: 'kind',
  'spec.domains': 'domains',
  'spec.topics': 'topics',
  'spec.count': 'count',
  'spec.mode': 'mode',
  'spec.category': 'category',
  'spec.key': 'scenarioKey',
  'spec.timed': 'timed',
  dueDate: 'dueDate',
  studentIds: 'studentIds',
} as const;

function bodyOf(v: Fields) {
  const spec =
    v.kind === 'questions'
      ? { kind: v.kind, domains: v.domains || [], topics: v.topics || [], count: Number(v.count), mode: v.mode }
      : v.kind === 'flashcards'
        ? { kind: v.kind, category: v.category }
        : v.kind === 'scenario'
          ? { kind: v.kind, key: v.scenarioKey }
          : { kind: v.kind, timed: v.timed === 'yes' };
  return { spec, dueDate: v.dueDate, studentIds: v.audience === 'chosen' ? v.studentIds || [] : [] };
}

const chip =
  'flex min-h-11 items-center justify-center gap-2 rounded-xl bg-white px-3 text-[15px] font-semibold ring-1 ring-line has-[:checked]:bg-navy-900 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-navy-600';
const check = 'flex min-h-10 items-center gap-2.5 rounded-lg px-2 text-[15px] hover:bg-navy-50';

function Group({ legend, error, children, className }: { legend: string; error?: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={className} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-navy-900">{legend}</legend>
      <div className="mt-1.5">{children}</div>
      {error && <p className="mt-1 text-sm text-signal-600">{error}</p>}
    </fieldset>
  );
}

export function AssignModal({
  open,
  onOpenChange,
  c,
  students,
  scenarios,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  c: ClassView;
  students: Student[];
  scenarios: ClassAssignmentsResponse['scenarios'];
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="New assignment" description={`For ${c.name} (${c.level}).`}>
      <AssignForm c={c} students={students} scenarios={scenarios} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function AssignForm({
  c,
  students,
  scenarios,
  onDone,
}: {
  c: ClassView;
  students: Student[];
  scenarios: ClassAssignmentsResponse['scenarios'];
  onDone: () => void;
}) {
  const form = useZodFormVia<Fields, typeof createAssignmentBody>(createAssignmentBody, bodyOf, FIELD_FOR, {
    defaultValues: {
      kind: 'questions',
      domains: [],
      topics: [],
      count: '10',
      mode: 'tutor',
      category: '',
      scenarioKey: '',
      timed: 'yes',
      dueDate: '',
      audience: 'all',
      studentIds: [],
    },
  });
  const create = useCreateAssignment({ onSuccess: onDone });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const audience = form.watch('audience');
  const submit = form.handleSubmit((body) => {
    if (audience === 'chosen' && body.studentIds.length === 0) {
      form.setError('studentIds', { type: 'validation', message: 'Choose at least one student' });
      return;
    }
    create.mutate(
      { classId: c.id, body },
      {
        onError: (err) => {
          if (setServerIssues(form, err, FIELD_FOR)) create.reset();
        },
      },
    );
  });
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Group legend="What" error={errors.kind?.message}>
        <div className="grid grid-cols-2 gap-2">
          {ASSIGNMENT_KINDS.map((k) => (
            <label key={k} className={chip}>
              <input type="radio" value={k} className="sr-only" {...form.register('kind')} />
              {ASSIGNMENT_KIND_LABELS[k]}
            </label>
          ))}
        </div>
      </Group>

      {kind === 'questions' && (
        <>
          <Group legend="Domains (none: every domain)" error={errors.domains?.message}>
            <div className="grid gap-0.5 sm:grid-cols-2">
              {domainsOf(c.level).map((d) => (
                <label key={d.name} className={check}>
                  <input type="checkbox" value={d.name} className="size-5 accent-navy-900" {...form.register('domains')} />
                  {d.name}
                </label>
              ))}
            </div>
          </Group>
          <Group legend="Topics (none: every topic)" error={errors.topics?.message}>
            <div className="grid max-h-44 gap-0.5 overflow-y-auto rounded-xl p-1 ring-1 ring-line/70 sm:grid-cols-2">
              {FLASHCARD_CATEGORIES.map((t) => (
                <label key={t} className={check}>
                  <input type="checkbox" value={t} className="size-5 accent-navy-900" {...form.register('topics')} />
                  {t}
                </label>
              ))}
            </div>
          </Group>
          <div className="grid grid-cols-2 gap-3">
            <Group legend="Questions" error={errors.count?.message}>
              <div className="flex gap-2">
                {QUESTION_COUNTS.map((n) => (
                  <label key={n} className={cn(chip, 'flex-1')}>
                    <input type="radio" value={String(n)} className="sr-only" {...form.register('count')} />
                    {n}
                  </label>
                ))}
              </div>
            </Group>
            <Group legend="Mode" error={errors.mode?.message}>
              <div className="flex gap-2">
                {(['tutor', 'timed'] as const).map((m) => (
                  <label key={m} className={cn(chip, 'flex-1')}>
                    <input type="radio" value={m} className="sr-only" {...form.register('mode')} />
                    {m === 'tutor' ? 'Tutor' : 'Timed'}
                  </label>
                ))}
              </div>
            </Group>
          </div>
        </>
      )}

      {kind === 'flashcards' && (
        <SelectField label="Category" error={errors.category?.message} {...form.register('category')}>
          <option value="">Choose a category</option>
          {FLASHCARD_CATEGORIES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
      )}

      {kind === 'scenario' && (
        <SelectField label="Scenario" error={errors.scenarioKey?.message} {...form.register('scenarioKey')}>
          <option value="">{scenarios.length ? 'Choose a scenario' : `No ${c.level} scenarios yet`}</option>
          {scenarios.map((s) => (
            <option key={s.key} value={s.key}>
              {s.title}
            </option>
          ))}
        </SelectField>
      )}

      {kind === 'exam' && (
        <Group legend="Clock" error={errors.timed?.message}>
          <div className="flex gap-2">
            {(
              [
                ['yes', 'Realistic, timed'],
                ['no', 'Untimed'],
              ] as const
            ).map(([v, label]) => (
              <label key={v} className={cn(chip, 'flex-1')}>
                <input type="radio" value={v} className="sr-only" {...form.register('timed')} />
                {label}
              </label>
            ))}
          </div>
          <p className="mt-1.5 text-sm text-muted">
            An ordinary adaptive practice exam: you see its verdict and band once it ends, never its questions.
          </p>
        </Group>
      )}

      <TextField label="Due" type="date" error={errors.dueDate?.message} {...form.register('dueDate')} />

      <Group legend="For" error={errors.studentIds?.message}>
        <div className="flex gap-2">
          {(
            [
              ['all', 'The whole class'],
              ['chosen', 'Chosen students'],
            ] as const
          ).map(([v, label]) => (
            <label key={v} className={cn(chip, 'flex-1')}>
              <input type="radio" value={v} className="sr-only" {...form.register('audience')} />
              {label}
            </label>
          ))}
        </div>
        {audience === 'chosen' && (
          <div className="mt-2 grid max-h-44 gap-0.5 overflow-y-auto rounded-xl p-1 ring-1 ring-line/70 sm:grid-cols-2">
            {students.length === 0 && <p className="p-2 text-sm text-muted">No students in the class yet.</p>}
            {students.map((s) => (
              <label key={s.userId} className={check}>
                <input type="checkbox" value={s.userId} className="size-5 accent-navy-900" {...form.register('studentIds')} />
                {s.name}
              </label>
            ))}
          </div>
        )}
      </Group>

      {create.isError && <Alert tone="error">{userMessage(create.error, 'Failed to set the assignment')}</Alert>}
      <Button type="submit" size="lg" loading={create.isPending}>
        Assign
      </Button>
    </form>
  );
}
