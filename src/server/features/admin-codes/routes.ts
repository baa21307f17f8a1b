import { Hono } from 'hono';
import { z } from 'zod';
import { couponActiveBody, couponBody, type CouponListResponse, type CouponResponse } from '../../../shared/contracts/admin-codes';
import type { AppEnv } from '../../deps';
import { requireAdmin, requireUser } from '../../auth/middleware';
import { readJson, validationError } from '../../lib/http';
import { auditBy } from '../../lib/audit-by';
import { createCoupon, deleteCoupon, listCoupons, setCouponActive, updateCoupon } from './service';

const idParam = z.uuid('Unknown coupon code');

function couponId(raw: string) {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export const adminCodesRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireAdmin)
  .get('/', async (c) => c.json((await listCoupons(c.get('deps').database.db)) satisfies CouponListResponse))
  .post('/', async (c) =>
    c.json(
      { code: await createCoupon(c.get('deps').database.db, auditBy(c), await readJson(c, couponBody)) } satisfies CouponResponse,
      201,
    ),
  )
  .put('/:id', async (c) =>
    c.json({
      code: await updateCoupon(c.get('deps').database.db, auditBy(c), couponId(c.req.param('id')), await readJson(c, couponBody)),
    } satisfies CouponResponse),
  )
  .patch('/:id/active', async (c) => {
    const { isActive } = await readJson(c, couponActiveBody);
    return c.json({
      code: await setCouponActive(c.get('deps').database.db, auditBy(c), couponId(c.req.param('id')), isActive),
    } satisfies CouponResponse);
  })
  .delete('/:id', async (c) => {
    await deleteCoupon(c.get('deps').database.db, auditBy(c), couponId(c.req.param('id')));
    return c.body(null, 204);
  });
