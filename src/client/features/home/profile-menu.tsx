import * as Menu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';

const item =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-[15px] font-medium text-navy-900 data-[highlighted]:bg-navy-50';

/**
 * Profile, Billing, Badges, Logout; User Management and Codes for administrators (docs/product.md §2); Standard Setting for
 * panelists and administrators (decision 109).
 */
export function ProfileMenu({
  initials,
  isAdmin,
  isInstructor = false,
  isPanelist = false,
}: {
  initials: string;
  isAdmin: boolean;
  isInstructor?: boolean;
  isPanelist?: boolean;
}) {
  const navigate = useNavigate();
  const auth = useAuth();
  return (
    <Menu.Root>
      <Menu.Trigger
        className="flex size-11 items-center justify-center rounded-full bg-white/15 text-sm font-bold text-white ring-1 ring-white/30 hover:bg-white/25"
        aria-label="Open profile menu"
      >
        {initials}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-line">
          <Menu.Item className={item} onSelect={() => navigate('/profile')}>
            Profile
          </Menu.Item>
          <Menu.Item className={item} onSelect={() => navigate('/billing')}>
            Billing
          </Menu.Item>
          <Menu.Item className={item} onSelect={() => navigate('/badges')}>
            Badges
          </Menu.Item>
          <Menu.Item className={item} onSelect={() => navigate('/progress')}>
            Progress
          </Menu.Item>
          {(isInstructor || isAdmin) && (
            <Menu.Item className={item} onSelect={() => navigate('/instructor')}>
              Instructor
            </Menu.Item>
          )}
          {(isPanelist || isAdmin) && (
            <Menu.Item className={item} onSelect={() => navigate('/standard-setting')}>
              Standard Setting
            </Menu.Item>
          )}
          {isAdmin && (
            <>
              <Menu.Separator className="my-1 h-px bg-line" />
              <Menu.Label className="px-3 py-1 text-xs font-bold uppercase tracking-wider text-muted">Admin</Menu.Label>
              <Menu.Item className={item} onSelect={() => navigate('/admin/users')}>
                User Management
              </Menu.Item>
              <Menu.Item className={item} onSelect={() => navigate('/admin/codes')}>
                Codes
              </Menu.Item>
              <Menu.Item className={item} onSelect={() => navigate('/admin/content')}>
                Question Bank
              </Menu.Item>
              <Menu.Item className={item} onSelect={() => navigate('/admin/nremt-results')}>
                NREMT Results
              </Menu.Item>
              <Menu.Item className={item} onSelect={() => navigate('/admin/readiness')}>
                Readiness Check
              </Menu.Item>
              <Menu.Item className={item} onSelect={() => navigate('/admin/standards')}>
                Standards
              </Menu.Item>
              <Menu.Item className={item} onSelect={() => navigate('/admin/jobs')}>
                Jobs
              </Menu.Item>
              <Menu.Item className={item} onSelect={() => navigate('/admin/audit')}>
                Audit Trail
              </Menu.Item>
            </>
          )}
          <Menu.Separator className="my-1 h-px bg-line" />
          <Menu.Item
            className={`${item} text-signal-600`}
            onSelect={async () => {
              await auth.signOut();
              void navigate('/', { replace: true });
            }}
          >
            Logout
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
