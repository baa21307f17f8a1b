import { local } from '../storage';
import type { SessionData, SessionUser } from './api';
import { nowMs } from '../clock';

/**
 * The last session the server confirmed, with its subscription status, kept on this device so the app
 * opens without a connection (an ambulance in a dead zone): the student is shown as signed in and
 * studies what is saved here until the server can be asked again. Sign-out clears local storage, and
 * with it this; a session past its end is never used.
 */
const KEY = 'last_session';

export interface LastSession {
  user: SessionUser;
  session: SessionData['session'];
  subscriptionStatus: string;
}

export function saveLastSession(data: SessionData, subscriptionStatus: string) {
  const entry: LastSession = { user: data.user, session: data.session, subscriptionStatus };
  local.set(KEY, JSON.stringify(entry));
}

export function readLastSession(now = nowMs()): LastSession | null {
  try {
    const entry = JSON.parse(local.get(KEY) ?? 'null') as Partial<LastSession> | null;
    if (!entry?.user?.id || !entry.user.email || !entry.session?.expiresAt || typeof entry.subscriptionStatus !== 'string') return null;
    if (!(new Date(entry.session.expiresAt).getTime() > now)) return null;
    return entry as LastSession;
  } catch {
    return null;
  }
}

export function clearLastSession() {
  local.remove(KEY);
}
