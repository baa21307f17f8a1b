import { useEffect, useState, type FormEvent } from 'react';
import { capDuration, couponInputSchema, DURATION_CAPS } from '@shared/coupons';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api';
import { adminApi, type Coupon } from './api';

type Form = { name: string; code: string; duration: string; duration_type: 'days' | 'months'; usage_limit: string; is_active: boolean };
const empty: Form = { name: '', code: '', duration: '7', duration_type: 'days', usage_limit: '', is_active: true };

/** Create / edit a code with the shared rules of spec section 5 (the server applies the same ones). */
export function CouponModal({
  coupon,
  open,
  onOpenChange,
  onSaved,
}: {
  coupon: Coupon | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSaved: (ok: boolean, created: boolean) => void;
}) {
  const [f, setF] = useState<Form>(empty);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    setError(null);
    setF(
      coupon
        ? {
            name: coupon.name,
            code: coupon.code,
            duration: String(coupon.duration),
            duration_type: coupon.duration_type,
            usage_limit: coupon.usage_limit === null ? '' : String(coupon.usage_limit),
            is_active: coupon.is_active,
          }
        : empty,
    );
  }, [open, coupon]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = couponInputSchema.safeParse({
      name: f.name,
      code: f.code,
      duration: f.duration.trim() === '' ? Number.NaN : Number(f.duration),
      duration_type: f.duration_type,
      is_active: f.is_active,
      usage_limit: f.usage_limit.trim() === '' ? null : Number(f.usage_limit),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the form.');
    setSaving(true);
    setError(null);
    try {
      if (coupon) await adminApi.updateCoupon(coupon.id, parsed.data);
      else await adminApi.createCoupon(parsed.data);
      onSaved(true, !coupon);
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setError(err.message);
      else onSaved(false, !coupon);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={coupon ? 'Edit coupon code' : 'New coupon code'}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField label="Name" value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} placeholder="Spring cohort" />
        <TextField
          label="Code"
          value={f.code}
          onChange={(e) => setF({ ...f, code: e.target.value.toUpperCase() })}
          placeholder="SPRING26"
          autoCapitalize="characters"
          className="[&_input]:font-mono [&_input]:uppercase"
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Duration"
            inputMode="numeric"
            value={f.duration}
            onChange={(e) => setF({ ...f, duration: e.target.value.replace(/[^\d]/g, '') })}
            hint={`1 to ${DURATION_CAPS[f.duration_type]} ${f.duration_type}`}
          />
          <label className="flex flex-col gap-1.5 text-sm font-semibold">
            Unit
            <select
              className="min-h-12 rounded-xl border border-line bg-white px-3 text-base"
              value={f.duration_type}
              onChange={(e) => {
                const type = e.target.value as 'days' | 'months';
                const n = Number(f.duration);
                setF({
                  ...f,
                  duration_type: type,
                  duration: Number.isFinite(n) && f.duration !== '' ? String(capDuration(n, type)) : f.duration,
                });
              }}
            >
              <option value="days">Days</option>
              <option value="months">Months</option>
            </select>
          </label>
        </div>
        <TextField
          label="Usage limit"
          inputMode="numeric"
          value={f.usage_limit}
          onChange={(e) => setF({ ...f, usage_limit: e.target.value.replace(/[^\d]/g, '') })}
          placeholder="Unlimited"
          hint="Leave empty for unlimited uses."
        />
        <label className="flex min-h-11 items-center gap-3 text-[15px]">
          <input
            type="checkbox"
            className="size-5 accent-navy-900"
            checked={f.is_active}
            onChange={(e) => setF({ ...f, is_active: e.target.checked })}
          />
          Active
        </label>
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" loading={saving}>
          {coupon ? 'Save Changes' : 'Create Code'}
        </Button>
      </form>
    </Modal>
  );
}
