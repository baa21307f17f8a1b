import { NavLink, Outlet, useLocation } from 'react-router';
import { useEffect } from 'react';
import { cn } from '../lib/cn';
import { startTracker } from '../lib/tracker';
import { OfflineBanner } from './offline-banner';
import { Icon, type IconName } from '../components/icon';

const TABS: { to: string; label: string; icon: IconName; match?: string[] }[] = [
  { to: '/', label: 'Home', icon: 'home', match: ['/', '/home'] },
  { to: '/search', label: 'Search', icon: 'search' },
  { to: '/saved', label: 'Saved', icon: 'saved' },
  { to: '/calendar', label: 'Calendar', icon: 'calendar' },
  { to: '/profile', label: 'Profile', icon: 'profile' },
];

/** Every subscriber screen: content above, the bottom tab bar (docs/product.md §2) always in reach. */
export function MemberLayout() {
  useEffect(() => startTracker(), []);
  return (
    <div className="min-h-dvh bg-canvas pb-[calc(env(safe-area-inset-bottom)+4.5rem)]">
      <OfflineBanner />
      <Outlet />
      <TabBar />
    </div>
  );
}

function TabBar() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Main"
      data-tab-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex max-w-2xl">
        {TABS.map((tab) => (
          <li key={tab.to} className="flex-1 p-1.5">
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                cn(
                  'flex min-h-13 flex-col items-center justify-center gap-1 rounded-xl text-xs font-semibold transition-colors',
                  isActive || (tab.match && tab.match.includes(pathname)) ? 'text-signal-600' : 'text-muted hover:text-navy-800',
                )
              }
            >
              <Icon name={tab.icon} className="size-6" strokeWidth={2} />
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
