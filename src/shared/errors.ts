import { z } from 'zod';

/** The one error shape every API route answers with. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  subscriptionRequired: 'SUBSCRIPTION_REQUIRED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL',
} as const;

export const MESSAGES = {
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  sessionEnded: 'Your session has ended. Please log in again.',
  internal: 'Something went wrong. Please try again.',
  unauthenticated: 'Please log in to continue.',
  passwordsDoNotMatch: 'Passwords do not match!',
  invalidResetLink: 'Invalid or expired password reset link. Please request a new one.',
  invalidResetLinkShort: 'Invalid or expired password reset link.',
  emailConfirmationTitle: 'Email Confirmation Required',
} as const;
