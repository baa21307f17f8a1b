import { z } from 'zod';
import { COURSE_LEVELS } from '../constants';
import { emailField, currentPasswordField, firstNameField, lastNameField } from '../fields';

// The profile API's contract (decision 035): the request bodies the server validates and the client's forms use, and the
// response the server is type-checked against (routes use `satisfies`) and the API tests parse. The client imports the types.

/** PATCH /api/profile */
export const profileNamesBody = z.strictObject({ firstName: firstNameField, lastName: lastNameField });
export type ProfileNamesBody = z.infer<typeof profileNamesBody>;

/** PATCH /api/profile/course-level: which exam the student prepares for (Paramedic, EMT or Both); answers the profile. */
export const courseLevelBody = z.strictObject({
  courseLevel: z.enum(COURSE_LEVELS, { error: 'Choose Paramedic, EMT or Both.' }),
});
export type CourseLevelBody = z.infer<typeof courseLevelBody>;

/** POST /api/account/change-email */
export const changeEmailBody = z.strictObject({ newEmail: emailField, password: currentPasswordField });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** GET and PATCH /api/profile */
export const profileResponse = z.strictObject({
  profile: z.strictObject({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: z.string(),
    courseLevel: z.enum(COURSE_LEVELS),
    currentStreak: z.number().int(),
    lastLogin: z.string().nullable(),
    subscriptionStatus: z.string(),
    expirationDate: z.string().nullable(),
    stripeSubscriptionId: z.string().nullable(),
    deviceType: z.string().nullable(),
    createdAt: z.string(),
  }),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** POST /api/account/change-email: both links are on their way. */
export type ChangeEmailResponse = { status: true };
