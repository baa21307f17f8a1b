import { desc, eq } from 'drizzle-orm';
import type { CouponInput } from '../../../shared/coupons';
import type { Coupon } from '../../../shared/contracts/admin-codes';
import { couponInputSchema } from '../../../shared/coupons';
import type { Db } from '../../db/client';
import { couponCodes } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { HttpError } from '../../lib/http';
import type { AuditBy } from '../../lib/audit-by';
import { ERROR_CODES } from '../../../shared/errors';

export type CouponValues = ReturnType<typeof couponInputSchema.parse>;

const toRow = (v: CouponValues) => ({
  name: v.name,
  code: v.code,
  duration: v.duration,
  durationType: v.durationType,
  isActive: v.isActive,
  usageLimit: v.usageLimit,
});

function present(c: typeof couponCodes.$inferSelect): Coupon {
  return {
    id: c.id,
    name: c.name,
    code: c.code,
    duration: c.duration,
    durationType: c.durationType === 'months' ? 'months' : 'days',
    isActive: c.isActive,
    usageLimit: c.usageLimit,
    timesUsed: c.timesUsed,
    createdAt: c.createdAt.toISOString(),
  };
}
export type CouponView = ReturnType<typeof present>;

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

export async function listCoupons(db: Db) {
  const rows = await db.select().from(couponCodes).orderBy(desc(couponCodes.createdAt));
  const codes = rows.map(present);
  return {
    codes,
    stats: { total: codes.length, active: codes.filter((c) => c.isActive).length, totalUses: codes.reduce((n, c) => n + c.timesUsed, 0) },
  };
}

/** What the audit trail keeps of a code (its settings, not its uses list). */
const audited = (c: CouponView) => ({
  name: c.name,
  code: c.code,
  duration: c.duration,
  durationType: c.durationType,
  isActive: c.isActive,
  usageLimit: c.usageLimit,
  timesUsed: c.timesUsed,
});
const codeTarget = (c: CouponView) => ({ type: 'code' as const, id: c.id, label: c.code });

export async function createCoupon(db: Db, by: AuditBy, input: CouponValues) {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(couponCodes).values(toRow(input)).returning();
      const view = present(row!);
      await recordAudit(tx, { action: 'code.create', ...by, target: codeTarget(view), after: audited(view) });
      return view;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new HttpError(409, ERROR_CODES.duplicateCode, `The code ${input.code} already exists.`);
    throw e;
  }
}

/** Edits a code with its row locked, so a redemption in flight cannot slip under a lowered limit. */
export async function updateCoupon(db: Db, by: AuditBy, id: string, input: CouponValues) {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(couponCodes).where(eq(couponCodes.id, id)).for('update');
      if (!current) throw new HttpError(404, ERROR_CODES.notFound, 'This coupon code no longer exists.');
      if (input.usageLimit !== null && input.usageLimit < current.timesUsed)
        throw new HttpError(400, ERROR_CODES.limitBelowUses, `The usage limit cannot be lower than the ${current.timesUsed} uses so far.`);
      const [row] = await tx.update(couponCodes).set(toRow(input)).where(eq(couponCodes.id, id)).returning();
      const view = present(row!);
      await recordAudit(tx, {
        action: 'code.update',
        ...by,
        target: codeTarget(view),
        before: audited(present(current)),
        after: audited(view),
      });
      return view;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new HttpError(409, ERROR_CODES.duplicateCode, `The code ${input.code} already exists.`);
    throw e;
  }
}

export async function setCouponActive(db: Db, by: AuditBy, id: string, isActive: boolean) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ isActive: couponCodes.isActive }).from(couponCodes).where(eq(couponCodes.id, id)).for('update');
    if (!current) throw new HttpError(404, ERROR_CODES.notFound, 'This coupon code no longer exists.');
    const [row] = await tx.update(couponCodes).set({ isActive }).where(eq(couponCodes.id, id)).returning();
    const view = present(row!);
    await recordAudit(tx, {
      action: 'code.toggle',
      ...by,
      target: codeTarget(view),
      before: { isActive: current.isActive },
      after: { isActive },
    });
    return view;
  });
}

export async function deleteCoupon(db: Db, by: AuditBy, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(couponCodes).where(eq(couponCodes.id, id)).returning();
    if (!row) throw new HttpError(404, ERROR_CODES.notFound, 'This coupon code no longer exists.');
    const view = present(row);
    await recordAudit(tx, { action: 'code.delete', ...by, target: codeTarget(view), before: audited(view) });
  });
}

export type { CouponInput };
