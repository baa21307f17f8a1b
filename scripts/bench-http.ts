// The benchmark's own requests (sign-in, the first card page) checked and retried, so a run on a busy
// machine never dies on an unexpected answer without saying what the server answered.

export interface RetryOptions {
  attempts?: number;
  delayMs?: number;
  log?: (message: string) => void;
}

/** What a response said, for a message: its status and the start of its body. */
export async function describeResponse(res: Response): Promise<string> {
  const body = await res.text().catch((e: unknown) => `(body unreadable: ${(e as Error).message})`);
  return `${res.status} ${res.statusText}`.trim() + ` — ${body.slice(0, 500) || '(empty body)'}`;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Signs in by e-mail and returns the session cookie. A refusal, an answer without a session cookie
 * or a connection failure is retried; after the last attempt the error says what came back.
 */
export async function signIn(
  base: string,
  origin: string,
  credentials: { email: string; password: string },
  { attempts = 5, delayMs = 1000, log = () => undefined }: RetryOptions = {},
): Promise<string> {
  let last = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const res = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(credentials),
      });
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .filter((c) => c && !c.endsWith('='))
        .join('; ');
      if (res.ok && cookie.includes('session_token=')) {
        await res.arrayBuffer();
        return cookie;
      }
      last = res.ok ? `${res.status}, no session cookie — ${(await res.text()).slice(0, 500)}` : await describeResponse(res);
    } catch (e) {
      last = `no answer (${(e as Error).message})`;
    }
    log(`sign-in as ${credentials.email}, attempt ${attempt} of ${attempts}: ${last}`);
    if (attempt < attempts) await pause(delayMs * attempt);
  }
  throw new Error(`could not sign in as ${credentials.email} after ${attempts} attempts; last answer: ${last}`);
}

export interface CardPage {
  cards: { id: number }[];
}

const isCardPage = (body: unknown): body is CardPage =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as CardPage).cards) &&
  (body as CardPage).cards.every((c) => Number.isInteger(c?.id));

/**
 * Reads a flashcard page as the signed-in bench user. An answer that is not a page (a 401 after a
 * lost session, a 503 from load shedding, an HTML error) is logged with its status and body and the
 * sign-in is done again before the next attempt.
 */
export async function readCardPage(
  url: string,
  signInAgain: () => Promise<string>,
  cookie: string,
  origin: string,
  { attempts = 3, delayMs = 1000, log = () => undefined }: RetryOptions = {},
): Promise<{ page: CardPage; cookie: string }> {
  let last = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const res = await fetch(url, { headers: { cookie, origin } });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: reported below */
      }
      if (res.ok && isCardPage(body)) return { page: body, cookie };
      last = `${res.status} ${res.statusText}`.trim() + ` — ${text.slice(0, 500) || '(empty body)'}`;
    } catch (e) {
      last = `no answer (${(e as Error).message})`;
    }
    log(`flashcard page read, attempt ${attempt} of ${attempts}, answered ${last}`);
    if (attempt === attempts) break;
    await pause(delayMs * attempt);
    cookie = await signInAgain();
  }
  throw new Error(`the flashcard page read failed after ${attempts} attempts; last answer: ${last}`);
}
