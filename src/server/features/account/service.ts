import type { ServiceDeps } from '../../deps';

/** Whether a password-reset token exists and has not expired (the reset screen checks before showing its form). */
export async function isResetTokenValid({ auth, now }: ServiceDeps<'auth'>, token: string): Promise<boolean> {
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && new Date(found.expiresAt).getTime() > now().getTime());
}
