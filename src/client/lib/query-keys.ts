/**
 * The first element of every query key, one per feature (decision 036). Each feature builds its keys from its root in its own
 * `keys.ts` factory; a feature that must refresh another's data after a write (a profile save refreshes the home greeting)
 * invalidates that root from here, so no feature imports another.
 */
export const queryRoots = {
  home: 'home',
  profile: 'profile',
  billing: 'billing',
  subscription: 'subscription',
  auth: 'auth',
  badges: 'badges',
  videos: 'videos',
  flashcards: 'flashcards',
  scenarios: 'scenarios',
  dragDrop: 'drag-drop',
  sorting: 'sorting',
  adminUsers: 'admin-users',
  adminCodes: 'admin-codes',
  adminAudit: 'admin-audit',
  questions: 'questions',
  review: 'review',
  exam: 'exam',
  progress: 'progress',
  adminContent: 'admin-content',
  nremtResults: 'nremt-results',
  adminNremtResults: 'admin-nremt-results',
  adminReadiness: 'admin-readiness',
  adminJobs: 'admin-jobs',
  search: 'search',
  saved: 'saved',
  plan: 'plan',
  classes: 'classes',
  instructor: 'instructor',
  adminStandards: 'admin-standards',
  standardSetting: 'standard-setting',
} as const;
