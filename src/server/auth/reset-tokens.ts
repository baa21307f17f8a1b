import { createHash } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verifications } from '../db/schema';

/**
 * Stored form of a reset token: a SHA-256 of Better Auth's identifier under a prefix of its own, so a
 * user's reset rows can be found (and deleted) without the tokens. The prefix differs from Better Auth's
 * plain `reset-password:` so its fallback lookup of a plain identifier can never match a stored hash.
 */
export const RESET_TOKEN_PREFIX = 'reset-password-sha256:';
export const resetTokenStorage = {
  default: 'plain' as const,
  overrides: {
    'reset-password:': {
      hash: (identifier: string) => Promise.resolve(RESET_TOKEN_PREFIX + createHash('sha256').update(identifier).digest('base64url')),
    },
  },
};

/** Deletes every outstanding reset token of a user (hashed rows, and plain ones written before hashing). */
export async function deleteResetTokens(db: Db, userId: string): Promise<void> {
  await db.delete(verifications).where(and(eq(verifications.value, userId), like(verifications.identifier, 'reset-password%')));
}
