import { capDuration, couponInputSchema, DURATION_CAPS } from '@shared/coupons';
import type { Coupon, CouponBody } from '@shared/contracts/admin-codes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useSaveCoupon } from './api/save-coupon';

const empty: CouponBody = { name: '', code: '', duration: 7, durationType: 'days', usageLimit: null, isActive: true };
/** A number box: empty is NaN for a required number (the schema says "must be a whole number"), null for an optional one. */
const whole = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));
const wholeOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** Create / edit a code with the shared rules of docs/product.md §5 (the server applies the same schema). */
export function CouponModal({
  coupon,
  open,
  onOpenChange,
  onSaved,
}: {
  coupon: Coupon | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSaved: (created: boolean) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={coupon ? 'Edit validation code' : 'New validation code'}>
      {/* mounted only while open, and per code: every opening starts from that code's values */}
      <CouponForm key={coupon?.id ?? 'new'} coupon={coupon} onSaved={onSaved} />
    </Modal>
  );
}

function CouponForm({ coupon, onSaved }: { coupon: Coupon | null; onSaved: (created: boolean) => void }) {
  const form = useZodForm(couponInputSchema, {
    defaultValues: coupon
      ? {
          name: coupon.name,
          code: coupon.code,
          duration: coupon.duration,
          durationType: coupon.durationType,
          usageLimit: coupon.usageLimit,
          isActive: coupon.isActive,
        }
      : empty,
  });
  const save = useSaveCoupon(coupon?.id ?? null, { onSuccess: () => onSaved(!coupon) });
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onError: (err) => {
        if (setServerIssues(form, err)) save.reset();
      },
    }),
  );
  const failure = save.isError ? userMessage(save.error, coupon ? 'Failed to update coupon code' : 'Failed to save coupon code') : null;
  const { errors } = form.formState;
  const unit = form.watch('durationType');
  const codeField = form.register('code');
  const durationField = form.register('duration', { setValueAs: whole });
  const unitField = form.register('durationType', {
    // switching the unit to days caps the value at 14 (docs/product.md §5)
    onChange: () => {
      const n = form.getValues('duration');
      if (Number.isFinite(n))
        form.setValue('duration', capDuration(n, form.getValues('durationType')), { shouldValidate: form.formState.isSubmitted });
    },
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextField label="Name" placeholder="Spring cohort" error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Code"
        placeholder="SPRING26"
        autoCapitalize="characters"
        className="[&_input]:font-mono [&_input]:uppercase"
        error={errors.code?.message}
        {...codeField}
        onChange={(e) => {
          // codes are upper case (docs/product.md §3): show it as typed, in capitals
          e.target.value = e.target.value.toUpperCase();
          void codeField.onChange(e);
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Duration"
          inputMode="numeric"
          hint={`1 to ${DURATION_CAPS[unit]} ${unit}`}
          error={errors.duration?.message}
          {...durationField}
        />
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          Unit
          <select className="min-h-12 rounded-xl border border-line bg-white px-3 text-base" {...unitField}>
            <option value="days">Days</option>
            <option value="months">Months</option>
          </select>
        </label>
      </div>
      <TextField
        label="Usage limit"
        inputMode="numeric"
        placeholder="Unlimited"
        hint="Leave empty for unlimited uses."
        error={errors.usageLimit?.message}
        {...form.register('usageLimit', { setValueAs: wholeOrNull })}
      />
      <label className="flex min-h-11 items-center gap-3 text-[15px]">
        <input type="checkbox" className="size-5 accent-navy-900" {...form.register('isActive')} />
        Active
      </label>
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" size="lg" loading={save.isPending}>
        {coupon ? 'Save Changes' : 'Create Code'}
      </Button>
    </form>
  );
}
