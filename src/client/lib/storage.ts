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
 * Sign-out clears local storage (spec section 2) so no cache outlives its user; whether this device
 * has been through onboarding is not the user's data and stays.
 */
export function clearUserStorage() {
  const onboarding = local.get(STORAGE_KEYS.onboardingCompleted);
  local.clear();
  if (onboarding !== null) local.set(STORAGE_KEYS.onboardingCompleted, onboarding);
}
