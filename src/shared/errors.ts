/** The one error shape every API route answers with. */
export interface ApiErrorBody {
  error: { code: string; message: string; issues?: { path: string; message: string }[] };
}

/**
 * Whether a response body has the error shape. Written out rather than as a schema: the client reads
 * it on every failed call and it must not bring a validation library into the first download.
 */
export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  subscriptionRequired: 'SUBSCRIPTION_REQUIRED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  busy: 'BUSY',
  internal: 'INTERNAL',
  alreadySubscribed: 'ALREADY_SUBSCRIBED',
  badSignature: 'BAD_SIGNATURE',
  codeAlreadyUsed: 'CODE_ALREADY_USED',
  codeInactive: 'CODE_INACTIVE',
  codeLimitReached: 'CODE_LIMIT_REACHED',
  codeRequired: 'CODE_REQUIRED',
  duplicateCode: 'DUPLICATE_CODE',
  invalidCode: 'INVALID_CODE',
  invalidLink: 'INVALID_LINK',
  invalidPassword: 'INVALID_PASSWORD',
  lastAdmin: 'LAST_ADMIN',
  limitBelowUses: 'LIMIT_BELOW_USES',
  malformedEvent: 'MALFORMED_EVENT',
  noSubscription: 'NO_SUBSCRIPTION',
  paymentNotFound: 'PAYMENT_NOT_FOUND',
  paymentProviderError: 'PAYMENT_PROVIDER_ERROR',
  selfChange: 'SELF_CHANGE',
  /** content of a course level that is not the student's (questions, exam, decks, progress, media) */
  levelNotAvailable: 'LEVEL_NOT_AVAILABLE',
  noMatchingQuestions: 'NO_MATCHING_QUESTIONS',
  sessionCompleted: 'SESSION_COMPLETED',
  timeUp: 'TIME_UP',
  alreadyAnswered: 'ALREADY_ANSWERED',
  noQuestions: 'NO_QUESTIONS',
  examEnded: 'EXAM_ENDED',
  examInProgress: 'EXAM_IN_PROGRESS',
  /** the student has seen too many of a level's items for a practice exam that counts (docs/decisions/082) */
  examPoolTooThin: 'EXAM_POOL_TOO_THIN',
  /** programs (docs/decisions/106): a class with every seat taken, one past its last day, a second join */
  classFull: 'CLASS_FULL',
  classEnded: 'CLASS_ENDED',
  alreadyInClass: 'ALREADY_IN_CLASS',
} as const;

export const MESSAGES = {
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  busy: 'MedicPrep is busy. Try again in a moment.',
  sessionEnded: 'Your session has ended. Please log in again.',
  internal: 'Something went wrong. Please try again.',
  unauthenticated: 'Please log in to continue.',
  passwordsDoNotMatch: 'Passwords do not match!',
  invalidResetLink: 'Invalid or expired password reset link. Please request a new one.',
  invalidResetLinkShort: 'Invalid or expired password reset link.',
  emailConfirmationTitle: 'Email Confirmation Required',
} as const;
