import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { COURSE_LEVELS, PASSWORD, ROLES } from '../../shared/constants';
import type { ServiceDeps } from '../deps';
import { users } from '../db/schema';
import { HttpError } from '../lib/http';
import { ERROR_CODES } from '../../shared/errors';
import { recordAudit, type AuditEntry } from '../lib/audit';

export const createUserInputSchema = z.object({
  email: z
    .email('Please enter a valid email address')
    .max(254)
    .transform((e) => e.toLowerCase()),
  password: z.string().min(PASSWORD.min, `Password must be at least ${PASSWORD.min} characters`).max(PASSWORD.max),
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  role: z.enum(ROLES).default('user'),
  /** none given: sign-up's default (Paramedic), not chosen, so home asks it on the first visit (decision 107) */
  courseLevel: z.enum(COURSE_LEVELS).optional(),
  /** grants subscription time from now */
  activeDays: z.number().int().min(0).max(3650).optional(),
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

/**
 * Creates a verified user with a password (operators' CLI, administrators). Users made this way
 * skip e-mail verification: someone trusted vouched for the address.
 */
export async function createVerifiedUser(
  { auth, db, now }: ServiceDeps<'auth'>,
  raw: CreateUserInput,
  /** record the creation in the audit trail: who (null for the operator's CLI), from where, by which way */
  audit?: Pick<AuditEntry, 'actor' | 'ip'> & { via: 'admin' | 'cli' },
) {
  const input = createUserInputSchema.parse(raw);
  const ctx = await auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(input.email)) {
    throw new HttpError(409, ERROR_CODES.conflict, 'A user with this email already exists.');
  }
  const hash = await ctx.password.hash(input.password);
  const name = `${input.firstName} ${input.lastName}`.trim() || input.email;
  const created = await ctx.internalAdapter.createUser(
    {
      email: input.email,
      name,
      emailVerified: true,
      firstName: input.firstName,
      lastName: input.lastName,
    },
    { method: 'admin' },
  );
  await ctx.internalAdapter.createAccount({ userId: created.id, providerId: 'credential', accountId: created.id, password: hash });
  const expirationDate = input.activeDays ? new Date(now().getTime() + input.activeDays * 86_400_000) : null;
  const [row] = await db
    .update(users)
    .set({
      role: input.role,
      courseLevel: input.courseLevel ?? 'Paramedic',
      // a level given at creation (the CLI's --course-level, the admin's form) is chosen: home does not ask it (decision 107)
      courseLevelChosenAt: input.courseLevel === undefined ? null : now(),
      deviceType: null,
      ...(expirationDate ? { subscriptionStatus: 'active', expirationDate } : {}),
    })
    .where(eq(users.id, created.id))
    .returning({
      id: users.id,
      email: users.email,
      role: users.role,
      courseLevel: users.courseLevel,
      expirationDate: users.expirationDate,
    });
  if (audit)
    await recordAudit(db, {
      action: 'user.create',
      actor: audit.actor,
      ip: audit.ip,
      target: { type: 'user', id: row!.id, label: row!.email },
      after: { email: row!.email, role: row!.role, courseLevel: row!.courseLevel, expirationDate: row!.expirationDate, via: audit.via },
    });
  return row!;
}
