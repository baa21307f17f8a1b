import { isApiErrorBody, MESSAGES, type ApiErrorBody } from '@shared/errors';

export type FieldIssue = NonNullable<ApiErrorBody['error']['issues']>[number];

/** A failed API call, with the server's code, its user-facing message and, for a refused body, the field each problem is on. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
  }
}

/** The status of a request that never reached the server. */
export const OFFLINE_STATUS = 0;
export const OFFLINE_MESSAGE = 'You appear to be offline. Check your connection and try again.';

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

const subscriptionListeners = new Set<Listener>();

/** The auth layer subscribes here to learn that a session ended while the app was open. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** …and here to learn that access ended (403 SUBSCRIPTION_REQUIRED) while the app was open. */
export function onSubscriptionRequired(listener: Listener): () => void {
  subscriptionListeners.add(listener);
  return () => subscriptionListeners.delete(listener);
}

export interface ApiOptions {
  method?: string;
  json?: unknown;
  signal?: AbortSignal;
  /** auth calls answer 401 for wrong passwords; they must not end the session */
  ignoreUnauthorized?: boolean;
  keepalive?: boolean;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = options.json === undefined ? 'GET' : 'POST', json, signal, ignoreUnauthorized, keepalive } = options;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      signal,
      keepalive,
      credentials: 'same-origin',
      headers: json === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(OFFLINE_STATUS, 'NETWORK', OFFLINE_MESSAGE);
  }
  const text = await res.text();
  const body: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    if (res.status === 401 && !ignoreUnauthorized) unauthorizedListeners.forEach((l) => l());
    if (isApiErrorBody(body)) {
      if (body.error.code === 'SUBSCRIPTION_REQUIRED') subscriptionListeners.forEach((l) => l());
      throw new ApiError(res.status, body.error.code, body.error.message, Array.isArray(body.error.issues) ? body.error.issues : []);
    }
    throw new ApiError(res.status, `HTTP_${res.status}`, MESSAGES.internal);
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
