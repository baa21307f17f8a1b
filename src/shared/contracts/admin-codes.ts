import { z } from 'zod';
import { DURATION_TYPES } from '../constants';
import { couponInputSchema } from '../coupons';
import { legacyCouponKeys, renameLegacyKeys } from '../legacy-wire';

// The admin coupon-code API's contract (decision 035). The code form's rules (docs/product.md §5 and §9) live in ../coupons.ts
// with the other coupon rules; this file names them as the request bodies and adds the responses.

/** POST /api/admin/codes and PUT /api/admin/codes/:id: the create/edit form; for one release its old snake_case keys too (LEGACY-WIRE, decision 085). */
export const couponBody = z.preprocess((body) => renameLegacyKeys(body, legacyCouponKeys), couponInputSchema);
export type CouponBody = z.input<typeof couponInputSchema>;

const couponActiveFields = z.strictObject({ isActive: z.boolean() });
/** PATCH /api/admin/codes/:id/active; for one release `is_active` too (LEGACY-WIRE, decision 085). */
export const couponActiveBody = z.preprocess((body) => renameLegacyKeys(body, legacyCouponKeys), couponActiveFields);
export type CouponActiveBody = z.infer<typeof couponActiveFields>;

export const coupon = z.strictObject({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  duration: z.number().int(),
  durationType: z.enum(DURATION_TYPES),
  isActive: z.boolean(),
  usageLimit: z.number().int().nullable(),
  timesUsed: z.number().int(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof coupon>;

/** GET /api/admin/codes: every code, newest first, with the three figures of the stats row. */
export const couponListResponse = z.strictObject({
  codes: z.array(coupon),
  stats: z.strictObject({ total: z.number().int(), active: z.number().int(), totalUses: z.number().int() }),
});
export type CouponListResponse = z.infer<typeof couponListResponse>;

/** POST (201), PUT and PATCH …/active: the code as it now is. */
export const couponResponse = z.strictObject({ code: coupon });
export type CouponResponse = z.infer<typeof couponResponse>;
