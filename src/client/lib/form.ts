import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api';

// The one way to do a form (decision 036): react-hook-form, validated by the same zod schema the server applies
// (src/shared/contracts), and every problem the server reports shown on the field it concerns.

type Schema = z.ZodType<FieldValues, FieldValues>;

/** A react-hook-form form validated by a shared zod schema. Fields are checked on submit, then again as they change. */
export function useZodForm<S extends Schema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema),
  });
}

/**
 * Puts each of the server's `issues` on its field (the first on a field wins) and focuses the first such field.
 * Returns whether any landed on a field of this form; when none did, the caller shows `userMessage(error, …)` instead.
 * `fieldFor` maps a server path to a form field where their names differ (for example `newEmail` → `email`).
 */
export function setServerIssues<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
  fieldFor: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!(error instanceof ApiError) || error.issues.length === 0) return false;
  const fields = new Set(Object.keys(form.getValues()));
  const placed = new Set<string>();
  for (const issue of error.issues) {
    const field = fieldFor[issue.path] ?? (fields.has(issue.path) ? (issue.path as Path<T>) : undefined);
    if (!field || placed.has(field)) continue;
    form.setError(field, { type: 'server', message: issue.message }, { shouldFocus: placed.size === 0 });
    placed.add(field);
  }
  return placed.size > 0;
}
