/** Business constants of the specification (section 9), in one place for client and server. */

export const COURSE_LEVELS = ['Paramedic', 'EMT', 'Both'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

/** Levels a piece of content belongs to (a profile may hold Both; a card is one or the other). */
export const CONTENT_LEVELS = ['Paramedic', 'EMT'] as const;
export type ContentLevel = (typeof CONTENT_LEVELS)[number];

export const ROLES = ['user', 'admin', 'instructor', 'panelist'] as const;
export type Role = (typeof ROLES)[number];

export const DEVICE_TYPES = [
  'mobile-ios',
  'tablet-ios',
  'mobile-android',
  'tablet-android',
  'desktop-windows',
  'desktop-mac',
  'desktop-linux',
  'desktop-unknown',
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const FEATURE_TYPES = [
  'home',
  'flashcard_paramedic',
  'flashcard_emt',
  'video',
  'scenario',
  'drag_drop',
  'sorting',
  'question',
  /** /search (docs/decisions/101-search-full-text-and-trigram-terms.md) */
  'search',
  // a bookmark set or cleared (decision 102)
  'saved',
  /** /calendar: the study plan and the student's events (decision 105) */
  'plan',
] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

export const ACTION_TYPES = [
  'session_start',
  'heartbeat',
  'tab_hidden',
  'tab_visible',
  'session_end',
  'video_start',
  'video_end',
  'answer',
  'flag',
  'scenario_start',
  'scenario_complete',
  'question_start',
  'question_complete',
  /** a search the student ran (the words, the number of results) */
  'search',
  /** a search result the student opened (its kind and id) */
  'open_result',
  'save',
  'unsave',
  /** the exam date, level or rest day set or changed (decision 105) */
  'plan_change',
  /** an event added on /calendar */
  'event_add',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** What a student's mark may be on (decision 102): one model for flags and bookmarks, keyed by (kind, key). */
export const MARK_KINDS = ['flashcard', 'question', 'scenario', 'video'] as const;
export type MarkKind = (typeof MARK_KINDS)[number];
/** A flag ("review this again", the deck's and the practice's filter) and a bookmark (the star, listed on /saved). */
export const MARKS = ['flag', 'bookmark'] as const;
export type Mark = (typeof MARKS)[number];

export const DURATION_TYPES = ['days', 'months'] as const;
export type DurationType = (typeof DURATION_TYPES)[number];

export const FLASHCARD_CATEGORIES = [
  'EMS Operations',
  'EKG (4-lead)',
  'Respiratory/Airway',
  'Medical',
  'Anatomy Physiology',
  'Pharmacology/Toxicology',
  'Trauma',
  'Medications',
  'Medication Math',
  'Cardiology',
  'Pediatrics',
  'Medical Terminology',
  'EKG (12-lead)',
] as const;
export type FlashcardCategory = (typeof FLASHCARD_CATEGORIES)[number];
export const ALL_CATEGORIES = 'All Categories';

export const VIDEO_CATEGORIES = ['Airway/Respiratory', 'Anatomy', 'Assessment', 'Cardiology', 'Medical', 'Pharmacology', 'Trauma'] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];

export const SCENARIO_GROUPS = ['Airway/Respiratory', 'Cardiology', 'EMS Operations', 'Trauma', 'Medical'] as const;
export type ScenarioGroup = (typeof SCENARIO_GROUPS)[number];

export const SUBSCRIPTION = {
  priceCents: 1999,
  priceLabel: '$19.99/month',
  planName: 'Monthly Subscription',
} as const;

export const TIMING = {
  successRedirectMs: 1000,
  statusMessageMs: 3000,
  heartbeatMs: 300_000,
  sessionTickMs: 30_000,
  sessionRefreshBeforeMs: 90_000,
  carouselRotateMs: 4000,
} as const;

export const PASSWORD = { min: 6, max: 128 } as const;

/** Storage keys the specification names (section 3). */
export const STORAGE_KEYS = {
  onboardingCompleted: 'onboardingCompleted',
  passwordResetFlow: 'password_reset_flow',
  userProfileCache: 'user_profile_cache',
  userStatsCache: 'user_stats_cache',
  flashcardCounts: 'flashcard_counts',
  flashcardsCache: 'flashcards_cache',
  /** the student's last searches on this device (/search), newest first */
  recentSearches: 'recent_searches',
  completedScenarios: 'completedScenarios',
  completedDragDropScenarios: 'completedDragDropScenarios',
  completedSortingQuestions: 'completedSortingQuestions',
  dragDropScenariosCache: 'drag_drop_scenarios_cache',
  reviewSession: 'review_session',
  /** the practice session last shown, with its answers, so a reload without a connection resumes it */
  practiceSession: 'practice_session',
  /** the practice exam in progress as last shown (its current item, never a key), for the same reason */
  examInProgress: 'exam_in_progress',
  /** per case set: the item that first showed its case, and whether the student keeps it open */
  caseViews: 'case_views',
} as const;

/** The largest value a PostgreSQL `integer` column holds: every integer input is bounded by it. */
export const PG_INT_MAX = 2_147_483_647;
