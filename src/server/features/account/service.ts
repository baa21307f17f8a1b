import type { Auth } from '../../auth/auth';

/** Whether a password-reset token exists and has not expired (the reset screen checks before showing its form). */
export async function isResetTokenValid(auth: Auth, token: string): Promise<boolean> {
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && new Date(found.expiresAt).getTime() > Date.now());
}
