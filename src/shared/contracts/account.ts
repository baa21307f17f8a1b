import { z } from 'zod';
import { COURSE_LEVELS, PASSWORD } from '../constants';
import { MESSAGES } from '../errors';
import { emailField, firstNameField, lastNameField, newPasswordField } from '../fields';

// The account API's contract (decision 035): our /api/account routes and the Better Auth endpoints the app calls
// (/api/auth/*), written from what the server really sends (tests/api/contracts.test.ts parses each answer strictly).

const isoDate = z.string();
const courseLevel = z.enum(COURSE_LEVELS);

/** The verify-subscription answer (docs/product.md §3 and §4), also carried by the session answer. */
export const verifyResponse = z.strictObject({
  securityAlert: z.boolean(),
  shouldCreateProfile: z.boolean(),
  hasAccess: z.boolean(),
  subscriptionStatus: z.string(),
  stripeConfirmed: z.boolean(),
  reason: z.string(),
});
export type VerifyResponse = z.infer<typeof verifyResponse>;

/** GET /api/account/session: the signed-in user, or nulls (never 401). */
export const sessionUser = z.strictObject({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string().nullable(),
  courseLevel,
  /** no home visit recorded yet: the first sign-in after sign-up (the welcome says "Welcome", not "Welcome back") */
  firstLogin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;
export const sessionResponse = z.union([
  z.strictObject({
    user: sessionUser,
    session: z.strictObject({ id: z.string(), expiresAt: isoDate }),
    subscription: verifyResponse.nullable(),
  }),
  z.strictObject({ user: z.null(), session: z.null(), subscription: z.null() }),
]);
export type SessionResponse = z.infer<typeof sessionResponse>;
export type SessionData = Extract<SessionResponse, { user: SessionUser }>;

/** Better Auth's user as its endpoints send it (our additional fields included). */
const betterAuthUser = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  role: z.string().nullable(),
  banned: z.boolean().nullable(),
  banReason: z.string().nullable(),
  banExpires: isoDate.nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  courseLevel: z.string().nullable(),
  deviceType: z.string().nullable(),
});

/** GET /api/auth/get-session (Better Auth): also moves a session nearing its end a week ahead; null when signed out. */
export const betterAuthSessionResponse = z
  .strictObject({
    session: z.strictObject({
      id: z.string(),
      token: z.string(),
      userId: z.string(),
      expiresAt: isoDate,
      createdAt: isoDate,
      updatedAt: isoDate,
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
      impersonatedBy: z.string().nullable(),
    }),
    user: betterAuthUser,
  })
  .nullable();
export type BetterAuthSessionResponse = z.infer<typeof betterAuthSessionResponse>;

/** POST /api/auth/sign-in/email */
export const signInBody = z.strictObject({ email: z.string(), password: z.string(), rememberMe: z.boolean().optional() });
export type SignInBody = z.infer<typeof signInBody>;
export const signInResponse = z.strictObject({ redirect: z.boolean(), token: z.string(), user: betterAuthUser });
export type SignInResponse = z.infer<typeof signInResponse>;

/**
 * POST /api/auth/sign-up/email. The server's sign-up hook (src/server/auth/auth.ts) applies these rules, the form too (with the
 * confirmation on top): all fields required, the password within the stored limits.
 */
export const signUpFields = {
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  password: z
    .string()
    .min(1, 'Password is required')
    .min(PASSWORD.min, `Password must be at least ${PASSWORD.min} characters`)
    .max(PASSWORD.max, `Password must be at most ${PASSWORD.max} characters`),
};
/** What the sign-up hook checks of the body (Better Auth checks `name`, `callbackURL` and the rest itself). */
export const signUpRules = z.object(signUpFields);
export const signUpBody = z.strictObject({ ...signUpFields, name: z.string(), callbackURL: z.string().optional() });
export type SignUpBody = z.infer<typeof signUpBody>;
/** The sign-up form: the server's rules plus the confirmation (docs/product.md §5). */
export const signUpForm = z
  .object({ ...signUpFields, confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
/** One fixed shape for every accepted sign-up (src/server/auth/enumeration.ts). */
export const signUpResponse = z.strictObject({
  token: z.null(),
  user: z.strictObject({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    image: z.null(),
    emailVerified: z.literal(false),
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
});
export type SignUpResponse = z.infer<typeof signUpResponse>;

/** POST /api/auth/sign-out */
export const signOutResponse = z.strictObject({ success: z.boolean() });
export type SignOutResponse = z.infer<typeof signOutResponse>;

/** POST /api/auth/request-password-reset */
export const forgotPasswordForm = z.object({ email: emailField });
export const requestPasswordResetResponse = z.strictObject({ status: z.boolean(), message: z.string() });
export type RequestPasswordResetResponse = z.infer<typeof requestPasswordResetResponse>;

/** POST /api/auth/reset-password; the form adds the confirmation. docs/product.md §5: the two must match. */
export const newPasswordForm = z
  .object({ newPassword: newPasswordField, confirmPassword: z.string().min(1, 'Please confirm your new password') })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export const resetPasswordResponse = z.strictObject({ status: z.boolean() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

/** POST /api/auth/send-verification-email */
export const sendVerificationResponse = z.strictObject({ status: z.boolean() });
export type SendVerificationResponse = z.infer<typeof sendVerificationResponse>;

/** GET /api/account/reset-token */
export const resetTokenResponse = z.strictObject({ valid: z.boolean() });
export type ResetTokenResponse = z.infer<typeof resetTokenResponse>;

/** POST /api/account/change-email/confirm: one of the two links of a change of address. */
export const emailChangeResult = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('waiting'), waitingFor: z.enum(['new', 'current']) }),
  z.strictObject({ status: z.literal('changed'), email: z.string() }),
]);
export type EmailChangeResult = z.infer<typeof emailChangeResult>;
/** POST /api/account/change-email/cancel */
export const emailChangeCancelled = z.strictObject({ status: z.literal('cancelled') });
export type EmailChangeCancelled = z.infer<typeof emailChangeCancelled>;
