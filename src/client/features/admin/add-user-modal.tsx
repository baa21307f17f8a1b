import { COURSE_LEVELS, PASSWORD } from '@shared/constants';
import { createUserBody, type AdminUser } from '@shared/contracts/admin-users';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useCreateUser } from './api/create-user';

const select = 'min-h-12 w-full rounded-xl border border-line bg-white px-3 text-base';
const empty = { firstName: '', lastName: '', email: '', password: '', role: 'user', courseLevel: 'Paramedic' } as const;

/** Add-user form (docs/product.md §5): all four fields required, password of at least 6, role and course level. */
export function AddUserModal({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onCreated: (user: AdminUser) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Add user"
      description="The account is created verified: they can log in straight away."
    >
      {/* mounted only while open: every opening starts from an empty form */}
      <AddUserForm onCreated={onCreated} />
    </Modal>
  );
}

function AddUserForm({ onCreated }: { onCreated: (user: AdminUser) => void }) {
  const form = useZodForm(createUserBody, { defaultValues: empty });
  const create = useCreateUser({ onSuccess: onCreated });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onError: (err) => {
        if (setServerIssues(form, err)) create.reset();
      },
    }),
  );
  // a problem the server reports on a field is shown there; any other failure under the form, in the spec's words
  const failure = create.isError ? userMessage(create.error, 'Failed to create user') : null;

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="grid grid-cols-2 gap-3">
        <TextField label="First name" autoComplete="off" error={errors.firstName?.message} {...form.register('firstName')} />
        <TextField label="Last name" autoComplete="off" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD.min} characters.`}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="grid grid-cols-2 gap-3">
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          Role
          <select className={select} {...form.register('role')}>
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </select>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          Course level
          <select className={select} {...form.register('courseLevel')}>
            {COURSE_LEVELS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" size="lg" loading={create.isPending}>
        Create User
      </Button>
    </form>
  );
}
