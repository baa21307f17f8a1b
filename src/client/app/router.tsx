import { lazy as reactLazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { useAuth } from '../lib/auth/auth-context';
import { Gate } from './gate';
import { MemberLayout } from './member-layout';
import { RouteError } from './route-error';

const lazy = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** `/` is onboarding for visitors and home for subscribers (docs/product.md §2). */
function Root() {
  const { user } = useAuth();
  return user ? <Navigate to="/home" replace /> : <OnboardingLazy />;
}
const Onboarding = reactLazy(() => import('../features/onboarding/onboarding-page'));
function OnboardingLazy() {
  return (
    <Suspense fallback={null}>
      <Onboarding />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <Gate />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Root /> },
      { path: '/login', lazy: lazy(() => import('../features/auth/login-page')) },
      { path: '/signup', lazy: lazy(() => import('../features/auth/signup-page')) },
      { path: '/forgot-password', lazy: lazy(() => import('../features/auth/forgot-password-page')) },
      { path: '/newpassword', lazy: lazy(() => import('../features/auth/new-password-page')) },
      { path: '/confirm-email', lazy: lazy(() => import('../features/auth/confirm-email-page')) },
      { path: '/subscription', lazy: lazy(() => import('../features/subscription/subscription-route')) },
      {
        element: <MemberLayout />,
        children: [
          { path: '/home', lazy: lazy(() => import('../features/home/home-page')) },
          { path: '/billing', lazy: lazy(() => import('../features/billing/billing-page')) },
          { path: '/badges', lazy: lazy(() => import('../features/badges/badges-page')) },
          {
            path: '/profile',
            lazy: async () => {
              const [{ default: ProfilePage }, { ReviewSettings }, { ClassMemberships }] = await Promise.all([
                import('../features/profile/profile-page'),
                import('../features/review/review-settings'),
                import('../features/programs/class-memberships'),
              ]);
              return {
                Component: () => (
                  <ProfilePage>
                    <ClassMemberships />
                    <ReviewSettings />
                  </ProfilePage>
                ),
              };
            },
          },
          { path: '/review', lazy: lazy(() => import('../features/review/review-page')) },
          { path: '/calendar', lazy: lazy(() => import('../features/calendar/calendar-page')) },
          { path: '/search', lazy: lazy(() => import('../features/search/search-page')) },
          { path: '/flashcards', lazy: async () => ({ Component: (await import('../features/flashcards/pages')).MyFlashcardsPage }) },
          {
            path: '/paramedicflashcards',
            lazy: async () => ({ Component: (await import('../features/flashcards/pages')).ParamedicFlashcardsPage }),
          },
          { path: '/emtflashcards', lazy: async () => ({ Component: (await import('../features/flashcards/pages')).EmtFlashcardsPage }) },
          // the menu, and one scenario by its key (its own address, so Back and a reload keep it)
          { path: '/scenarios/:key?', lazy: lazy(() => import('../features/scenarios/scenarios-page')) },
          { path: '/admin/users', lazy: lazy(() => import('../features/admin/users-page')) },
          { path: '/admin/codes', lazy: lazy(() => import('../features/admin/codes-page')) },
          { path: '/admin/audit', lazy: lazy(() => import('../features/admin/audit-page')) },
          { path: '/admin/content', lazy: lazy(() => import('../features/admin/content-page')) },
          { path: '/videos', lazy: lazy(() => import('../features/videos/videos-page')) },
          { path: '/sorting', lazy: lazy(() => import('../features/sorting/sorting-page')) },
          { path: '/draganddrop', lazy: lazy(() => import('../features/drag-drop/drag-drop-page')) },
          { path: '/questions', lazy: lazy(() => import('../features/questions/questions-page')) },
          { path: '/exam/:id?', lazy: lazy(() => import('../features/exam/exam-page')) },
          {
            path: '/progress',
            lazy: async () => {
              const [{ default: ProgressPage }, { NremtResultsSection }] = await Promise.all([
                import('../features/progress/progress-page'),
                import('../features/nremt-results/nremt-results-section'),
              ]);
              return { Component: () => <ProgressPage resultsSection={(levels) => <NremtResultsSection levels={levels} />} /> };
            },
          },
          { path: '/admin/nremt-results', lazy: lazy(() => import('../features/admin/nremt-results-page')) },
          { path: '/admin/readiness', lazy: lazy(() => import('../features/admin/readiness-page')) },
          { path: '/admin/standards', lazy: lazy(() => import('../features/admin/standards-page')) },
          { path: '/standard-setting', lazy: lazy(() => import('../features/standard-setting/studies-page')) },
          { path: '/standard-setting/:id', lazy: lazy(() => import('../features/standard-setting/rating-page')) },
          { path: '/admin/jobs', lazy: lazy(() => import('../features/admin/jobs-page')) },
          { path: '/saved', lazy: lazy(() => import('../features/saved/saved-page')) },
          { path: '/instructor', lazy: lazy(() => import('../features/programs/instructor-page')) },
        ],
      },
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
]);
