import { useState } from 'react';
import { Link } from 'react-router';
import { STORAGE_KEYS } from '@shared/constants';
import { useAuth } from '../../lib/auth/auth-context';
import { Alert } from '../../components/ui/alert';
import { Logo } from '../../components/ui/logo';
import { CACHE_AGES, readCache } from '../../lib/cache';
import { useFeatureSession } from '../../lib/use-feature-session';
import type { HomeResponse } from '@shared/contracts/home';
import { useHome, type CachedHome } from './api/get-home';
import { CourseLevelQuestion } from './course-level-question';
import { ResourceCarousel } from './carousel';
import { Celebration } from './celebration';
import { Greeting, greetingName } from './greeting';
import { ProfileMenu } from './profile-menu';
import { QuickActions } from './quick-actions';
import { RankEmblem } from './rank-emblem';
import { StudyStats } from './study-stats';
import { AssignmentsCard } from './assignments-card';
import { TodayPlan } from './today-plan';
import { useReviewCount } from './api/get-review-count';
import { nowDate } from '../../lib/clock';

export default function HomePage() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  useFeatureSession('home');
  const home = useHome(userId);
  const reviewCount = useReviewCount();
  const cachedProfile = readCache<CachedHome>(STORAGE_KEYS.userProfileCache, userId, CACHE_AGES.profile);
  const cachedStats = readCache<HomeResponse['stats']>(STORAGE_KEYS.userStatsCache, userId, CACHE_AGES.stats);
  const profile = home.data?.profile ?? cachedProfile?.profile;
  const streak = home.data?.streak ?? cachedProfile?.streak;
  const stats = home.data?.stats ?? cachedStats;
  // The celebration of a threshold shows until closed; a later threshold shows again.
  const [celebrationClosed, setCelebrationClosed] = useState<number | null>(null);
  const celebration = home.data?.streak.celebration;
  // The first home visit after sign-up asks the course level, once (the server flags that visit).
  const [questionDone, setQuestionDone] = useState(false);

  const first = greetingName(profile?.firstName || user?.firstName, profile?.email ?? user?.email);
  const initials = `${first[0] ?? 'U'}${profile?.lastName?.[0] ?? ''}`.toUpperCase();

  return (
    <>
      <header className="surface-dark bg-navy-900 px-4 pb-24 pt-[calc(env(safe-area-inset-top)+1rem)] text-white">
        <div className="mx-auto flex w-full max-w-2xl items-center justify-between gap-3">
          {/* a laptop has the logo in its side navigation */}
          <Logo light className="lg:invisible" />
          <ProfileMenu
            initials={initials}
            isAdmin={profile?.role === 'admin'}
            isInstructor={profile?.role === 'instructor'}
            isPanelist={profile?.role === 'panelist'}
          />
        </div>
        <div className="mx-auto mt-6 flex w-full max-w-2xl items-center gap-4">
          <RankEmblem days={streak?.days ?? 0} />
          <div className="min-w-0">
            <Greeting firstName={first} hour={nowDate().getHours()} />
            <h1 className="truncate text-2xl font-bold tracking-tight">{streak?.rank ?? 'Recruit'}</h1>
          </div>
        </div>
      </header>
      <main className="mx-auto -mt-16 w-full max-w-2xl space-y-6 px-4">
        {home.isError && !streak && (
          <Alert tone="error">
            We could not load your dashboard.{' '}
            <button className="font-semibold underline" onClick={() => home.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {home.data?.askCourseLevel && !questionDone && (
          <CourseLevelQuestion current={home.data.profile.courseLevel} onDone={() => setQuestionDone(true)} />
        )}
        <StudyStats streak={streak} stats={stats} reviewCount={reviewCount.data} />
        <TodayPlan />
        <AssignmentsCard />

        <section aria-labelledby="study-title">
          <h2 id="study-title" className="mb-3 text-lg font-bold">
            Study
          </h2>
          {profile ? (
            <QuickActions courseLevel={profile.courseLevel} />
          ) : (
            <div className="h-64 animate-pulse rounded-card bg-white ring-1 ring-line/70" />
          )}
        </section>

        {home.data?.streak.newBadges.length ? (
          <Link to="/badges" className="flex items-center gap-3 rounded-2xl bg-amber-100 p-4 text-amber-600 ring-1 ring-amber-600/25">
            <img src={home.data.streak.newBadges[0]!.imageUrl} alt="" className="size-12" />
            <span className="font-semibold">New badge earned: {home.data.streak.newBadges.map((b) => b.name).join(', ')}</span>
          </Link>
        ) : null}

        {home.data && (
          <section aria-labelledby="resources-title">
            <h2 id="resources-title" className="mb-3 text-lg font-bold">
              Courses and study guide
            </h2>
            <ResourceCarousel resources={home.data.resources} />
          </section>
        )}
        <footer className="pb-6 pt-2 text-center text-sm text-muted">© 2025 MedicPrep. All rights reserved.</footer>
      </main>
      {celebration && celebration.threshold !== celebrationClosed && (
        <Celebration celebration={celebration} onClose={() => setCelebrationClosed(celebration.threshold)} />
      )}
    </>
  );
}
