import type { ReactNode } from 'react';
import { COURSE_LEVELS } from '@shared/constants';
import { changeEmailBody, courseLevelBody, profileNamesBody } from '@shared/contracts/profile';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { TextField } from '../../components/ui/text-field';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { useChangeEmail } from './api/change-email';
import { useProfile } from './api/get-profile';
import { useSaveProfileNames } from './api/save-profile-names';
import { useSetCourseLevel } from './api/set-course-level';
import { LoadError } from '../../components/ui/load-error';

/** `children`: sections other features add to the profile (the app composes them: review settings, docs/product.md §10.5). */
export default function ProfilePage({ children }: { children?: ReactNode }) {
  const q = useProfile();
  const { status: message, show } = useStatus();

  // `values` keeps each form in step with the loaded profile until the student edits it.
  const names = useZodForm(profileNamesBody, {
    values: { firstName: q.data?.firstName ?? '', lastName: q.data?.lastName ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const emailForm = useZodForm(changeEmailBody, {
    values: { newEmail: q.data?.email ?? '', password: '' },
    resetOptions: { keepDirtyValues: true },
  });

  const saveNames = useSaveProfileNames({
    onSuccess: () => {
      show('success', 'Profile updated successfully!');
    },
    onError: (err) => {
      if (!setServerIssues(names, err)) show('error', userMessage(err, 'Failed to update profile'));
    },
  });

  const levelForm = useZodForm(courseLevelBody, {
    values: q.data ? { courseLevel: q.data.courseLevel } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const saveLevel = useSetCourseLevel({
    onSuccess: (profile) => {
      levelForm.reset({ courseLevel: profile.courseLevel });
      show('success', `Course level set to ${profile.courseLevel}.`);
    },
    onError: (err) => {
      if (!setServerIssues(levelForm, err)) show('error', userMessage(err, 'Failed to update profile'));
    },
  });

  const changeEmail = useChangeEmail({
    onSuccess: () => {
      emailForm.resetField('password', { defaultValue: '' });
      show('success', 'Email update initiated! Please check your new email for confirmation.', { sticky: true });
    },
    onError: (err) => {
      if (!setServerIssues(emailForm, err)) show('error', userMessage(err, 'Failed to update email'));
    },
  });

  const typedEmail = emailForm.watch('newEmail').trim();
  const emailChanged = q.data ? typedEmail !== '' && typedEmail.toLowerCase() !== q.data.email.toLowerCase() : false;
  const { errors: nameErrors } = names.formState;
  const { errors: emailErrors } = emailForm.formState;

  return (
    <>
      <ScreenHeader title="Profile" subtitle={q.data ? `${q.data.courseLevel} student` : undefined} />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
        {q.isError && <LoadError error={q.error} fallback="Failed to load profile" onRetry={q.refetch} retrying={q.isFetching} />}
        {q.isPending && <div className="h-56 animate-pulse rounded-card bg-white ring-1 ring-line/70" />}
        {q.data && (
          <>
            <form
              onSubmit={names.handleSubmit((v) => saveNames.mutate(v))}
              className="space-y-4 rounded-card bg-surface p-6 ring-1 ring-line/70"
              noValidate
            >
              <h2 className="text-lg font-bold">Your name</h2>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <TextField
                  label="First Name"
                  autoComplete="given-name"
                  error={nameErrors.firstName?.message}
                  {...names.register('firstName')}
                />
                <TextField
                  label="Last Name"
                  autoComplete="family-name"
                  error={nameErrors.lastName?.message}
                  {...names.register('lastName')}
                />
              </div>
              <Button type="submit" loading={saveNames.isPending}>
                Save Changes
              </Button>
            </form>
            <form
              onSubmit={levelForm.handleSubmit((v) => saveLevel.mutate(v))}
              className="space-y-4 rounded-card bg-surface p-6 ring-1 ring-line/70"
              noValidate
              aria-labelledby="course-level-title"
            >
              <div>
                <h2 id="course-level-title" className="text-lg font-bold">
                  Course level
                </h2>
                <p className="mt-1 text-sm text-muted">Which exam are you preparing for? Your decks follow this choice.</p>
              </div>
              <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-3">
                <legend className="sr-only">Course level</legend>
                {COURSE_LEVELS.map((level) => (
                  <label
                    key={level}
                    className="flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl px-3 font-semibold ring-1 ring-line has-[:checked]:bg-navy-50 has-[:checked]:ring-navy-600"
                  >
                    <input type="radio" value={level} className="size-4 accent-navy-700" {...levelForm.register('courseLevel')} />
                    {level}
                  </label>
                ))}
              </fieldset>
              {levelForm.formState.errors.courseLevel?.message && (
                <p className="text-sm text-signal-600" role="alert">
                  {levelForm.formState.errors.courseLevel.message}
                </p>
              )}
              <Button type="submit" variant="secondary" loading={saveLevel.isPending} disabled={!levelForm.formState.isDirty}>
                Save Course Level
              </Button>
            </form>
            <form
              onSubmit={emailForm.handleSubmit((v) => changeEmail.mutate(v))}
              className="space-y-4 rounded-card bg-surface p-6 ring-1 ring-line/70"
              noValidate
            >
              <h2 className="text-lg font-bold">E-mail</h2>
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                error={emailErrors.newEmail?.message}
                {...emailForm.register('newEmail')}
                hint="We send a confirmation link to the new address and one to your current address; the change takes effect once both are opened."
              />
              <TextField
                label="Current password"
                type="password"
                autoComplete="current-password"
                error={emailErrors.password?.message}
                {...emailForm.register('password')}
              />
              <Button
                type="submit"
                variant="secondary"
                disabled={!emailChanged || changeEmail.isPending || saveNames.isPending}
                loading={changeEmail.isPending}
              >
                Update Email
              </Button>
            </form>
            {children}
          </>
        )}
      </main>
    </>
  );
}
