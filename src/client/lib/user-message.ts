import { ApiError, OFFLINE_MESSAGE, OFFLINE_STATUS } from './api';

/**
 * What a person sees when a call fails — the one rule for every screen (decision 036):
 * no connection → say so; a refusal the server explains (4xx) → the server's words; anything else
 * (a 5xx, a bug) → the screen's own fallback, never a developer's message.
 */
export function userMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === OFFLINE_STATUS) return OFFLINE_MESSAGE;
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return fallback;
}
