import { Link, Outlet, useLocation } from 'react-router';
import { useEffect } from 'react';
import { cn } from '../lib/cn';
import { startTracker } from '../lib/tracker';
import { OfflineBanner } from './offline-banner';
import { Icon, type IconName } from '../components/icon';
import { Logo } from '../components/ui/logo';

type Tab = { to: string; label: string; icon: IconName; match?: string[] };

const TABS: Tab[] = [
  { to: '/', label: 'Home', icon: 'home', match: ['/', '/home'] },
  { to: '/search', label: 'Search', icon: 'search' },
  { to: '/saved', label: 'Saved', icon: 'saved' },
  { to: '/calendar', label: 'Calendar', icon: 'calendar' },
  { to: '/profile', label: 'Profile', icon: 'profile' },
];

/** On a laptop the side navigation also lists the study screens home links to, so none is more than one click away. */
const STUDY: Tab[] = [
  { to: '/questions', label: 'Question Bank', icon: 'question-bank' },
  { to: '/exam', label: 'Practice Exam', icon: 'exam' },
  { to: '/review', label: 'Review', icon: 'review' },
  { to: '/flashcards', label: 'Flashcards', icon: 'cards' },
  { to: '/scenarios', label: 'Scenarios', icon: 'scenarios' },
  { to: '/videos', label: 'Videos', icon: 'video' },
  { to: '/progress', label: 'Progress', icon: 'progress' },
];

// a Link with its own aria-current: NavLink would drop it for /home, which Home's link (to /) also stands for
const isActive = (tab: Tab, pathname: string) =>
  tab.match ? tab.match.includes(pathname) : pathname === tab.to || pathname.startsWith(`${tab.to}/`);

/**
 * Every subscriber screen: content beside or above the navigation (docs/product.md §2). A phone and a tablet have the bottom tab bar
 * always in reach; from 1024 px wide the same tabs, with the study screens under them, are a side navigation.
 */
export function MemberLayout() {
  useEffect(() => startTracker(), []);
  return (
    <div className="min-h-dvh bg-canvas pb-[calc(env(safe-area-inset-bottom)+4.5rem)] lg:pb-0 lg:pl-64">
      <OfflineBanner />
      <Outlet />
      <TabBar />
      <SideNav />
    </div>
  );
}

function TabBar() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Main"
      data-tab-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto flex max-w-2xl">
        {TABS.map((tab) => (
          <li key={tab.to} className="flex-1 p-1.5">
            <Link
              to={tab.to}
              aria-current={isActive(tab, pathname) ? 'page' : undefined}
              className={cn(
                'flex min-h-13 flex-col items-center justify-center gap-1 rounded-xl text-xs font-semibold transition-colors',
                isActive(tab, pathname) ? 'text-signal-600' : 'text-muted hover:text-navy-800',
              )}
            >
              <Icon name={tab.icon} className="size-6" strokeWidth={2} />
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SideNav() {
  const { pathname } = useLocation();
  const link = (tab: Tab) => (
    <li key={tab.to}>
      <Link
        to={tab.to}
        aria-current={isActive(tab, pathname) ? 'page' : undefined}
        className={cn(
          'flex min-h-11 items-center gap-3 rounded-xl px-3 text-[15px] font-semibold transition-colors',
          isActive(tab, pathname) ? 'bg-signal-50 text-signal-700' : 'text-navy-800 hover:bg-navy-50',
        )}
      >
        <Icon name={tab.icon} className="size-5 shrink-0" strokeWidth={2} />
        {tab.label}
      </Link>
    </li>
  );
  return (
    <nav
      aria-label="Main"
      data-side-nav
      className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col gap-6 overflow-y-auto border-r border-line bg-white px-4 py-5 lg:flex"
    >
      <Logo className="px-2" />
      <ul className="space-y-1">{TABS.map(link)}</ul>
      <div>
        <p className="px-3 pb-2 text-xs font-bold uppercase tracking-wider text-muted">Study</p>
        <ul className="space-y-1">{STUDY.map(link)}</ul>
      </div>
    </nav>
  );
}
