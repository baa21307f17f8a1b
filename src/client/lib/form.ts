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

/**
 * A form whose fields are not the request's shape (a choice of kinds, each with its own fields): `toBody` makes the request
 * body from the fields, the shared schema checks it as the server will, and each problem lands on the field `fieldFor`
 * names for its path (or the field of the same name). The submit handler gets the checked body.
 */
export function useZodFormVia<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toBody: (values: V) => unknown,
  fieldFor: Partial<Record<string, Path<V>>>,
  options: Omit<UseFormProps<V, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<V, unknown, z.output<S>> {
  return useForm<V, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: (values) => {
      const parsed = schema.safeParse(toBody(values));
      if (parsed.success) return { values: parsed.data, errors: {} };
      const errors: Record<string, { type: string; message: string }> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        const field = fieldFor[path] ?? (path in values ? path : undefined);
        if (field && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
      }
      return { values: {}, errors: errors as never };
    },
  });
}
