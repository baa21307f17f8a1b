import { NavLink, Outlet, useLocation } from 'react-router';
import { useEffect } from 'react';
import { cn } from '../lib/cn';
import { startTracker } from '../lib/tracker';
import { OfflineBanner } from './offline-banner';

const TABS = [
  { to: '/', label: 'Home', icon: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z', match: ['/', '/home'] },
  { to: '/search', label: 'Search', icon: 'M11 19a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm10 2-4.35-4.35' },
  { to: '/saved', label: 'Saved', icon: 'M6 3h12a1 1 0 0 1 1 1v17l-7-4-7 4V4a1 1 0 0 1 1-1z' },
  { to: '/calendar', label: 'Calendar', icon: 'M4 6h16v15H4zM4 10h16M8 3v4M16 3v4' },
  { to: '/profile', label: 'Profile', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0' },
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
              <svg
                viewBox="0 0 24 24"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d={tab.icon} />
              </svg>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
