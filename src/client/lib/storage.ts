import { STORAGE_KEYS } from '@shared/constants';

/** localStorage / sessionStorage that never throw (private mode, quota, disabled storage). */
function safe(storage: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return storage().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string) {
      try {
        storage().setItem(key, value);
      } catch {
        /* storage unavailable: the app keeps working without it */
      }
    },
    remove(key: string) {
      try {
        storage().removeItem(key);
      } catch {
        /* ignore */
      }
    },
    clear() {
      try {
        storage().clear();
      } catch {
        /* ignore */
      }
    },
  };
}

export const local = safe(() => window.localStorage);
export const session = safe(() => window.sessionStorage);

export const onboardingDone = () => local.get(STORAGE_KEYS.onboardingCompleted) === 'true';
export const resetFlowToken = () => session.get(STORAGE_KEYS.passwordResetFlow);

/**
 * Sign-out clears local storage (docs/product.md §2) so no cache outlives its user; whether this device
 * has been through onboarding is not the user's data and stays, and so do writes `keep` names (a
 * user's unsent progress, sent when they sign in again).
 */
export function clearUserStorage(keep: (key: string) => boolean = () => false) {
  const kept: [string, string][] = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i)!;
      if (key === STORAGE_KEYS.onboardingCompleted || keep(key)) kept.push([key, window.localStorage.getItem(key)!]);
    }
  } catch {
    /* storage unavailable */
  }
  local.clear();
  for (const [k, v] of kept) local.set(k, v);
}
