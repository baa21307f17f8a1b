import { z } from 'zod';
import { COURSE_LEVELS, FEATURE_TYPES, ROLES } from '../constants';
import { emailField, firstNameField, lastNameField, newPasswordField } from '../fields';

// The admin user-management API's contract (decision 035): the request bodies and queries the server validates and the
// admin forms use, and the responses the server is type-checked against and the API tests parse strictly.

/** GET /api/admin/users?q=&role=&page= */
export const adminUsersQuery = z.object({
  q: z.string().trim().max(200, 'Search is at most 200 characters').default(''),
  role: z.enum(['all', ...ROLES]).default('all'),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

/** POST /api/admin/users — the add-user form (docs/product.md §5): all four fields required, a password of at least 6. */
export const createUserBody = z.strictObject({
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  password: newPasswordField,
  role: z.enum(ROLES).default('user'),
  courseLevel: z.enum(COURSE_LEVELS).default('Paramedic'),
});
export type CreateUserBody = z.input<typeof createUserBody>;

/** PATCH /api/admin/users/:id/role */
export const roleBody = z.strictObject({ role: z.enum(ROLES) });
export type RoleBody = z.infer<typeof roleBody>;

/** PATCH /api/admin/users/:id/course-level (docs/product.md §10.1) */
export const courseLevelBody = z.strictObject({ courseLevel: z.enum(COURSE_LEVELS, 'Choose Paramedic, EMT or Both') });
export type CourseLevelBody = z.infer<typeof courseLevelBody>;

/** The most access one grant adds: ten years. */
export const MAX_GRANT_DAYS = 3650;
/** POST /api/admin/users/:id/access — adds days of access from the later of now and the current expiration (docs/product.md §10.1). */
export const grantAccessBody = z.strictObject({
  days: z
    .number({ error: 'Enter a whole number of days' })
    .int('Enter a whole number of days')
    .min(1, 'Grant at least 1 day')
    .max(MAX_GRANT_DAYS, `Grant at most ${MAX_GRANT_DAYS} days at a time`),
});
export type GrantAccessBody = z.infer<typeof grantAccessBody>;

/** One user as the admin screens show them. */
export const adminUser = z.strictObject({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  courseLevel: z.enum(COURSE_LEVELS),
  subscriptionStatus: z.string(),
  expirationDate: z.string().nullable(),
  currentStreak: z.number().int(),
  lastLogin: z.string().nullable(),
  deviceType: z.string().nullable(),
  createdAt: z.string(),
  emailVerified: z.boolean(),
  /** a card subscription is on file: deleting the user cancels it at the provider first */
  paidSubscription: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** GET /api/admin/users */
export const adminUsersResponse = z.strictObject({
  users: z.array(adminUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

/** POST /api/admin/users (201), PATCH …/role, PATCH …/course-level, POST …/access: the user as it now is. */
export const adminUserResponse = z.strictObject({ user: adminUser });
export type AdminUserResponse = z.infer<typeof adminUserResponse>;

/** GET /api/admin/users/:id/analytics (docs/product.md §9's figures) */
export const userAnalyticsResponse = z.strictObject({
  totalSessions: z.number().int(),
  totalMinutes: z.number().int(),
  lastActivity: z.string().nullable(),
  byFeature: z.array(z.strictObject({ feature: z.enum(FEATURE_TYPES), events: z.number().int(), minutes: z.number().int() })),
});
export type UserAnalyticsResponse = z.infer<typeof userAnalyticsResponse>;

/** POST /api/admin/users/:id/reset-password */
export const resetSentResponse = z.strictObject({ sent: z.literal(true) });
export type ResetSentResponse = z.infer<typeof resetSentResponse>;
