import { z } from 'zod';
import { PASSWORD } from './constants';

/** Client-side sign-up rules of spec section 5; the server applies its own (Better Auth + ours). The login form's are in login-form.ts. */
export const signupFormSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(100, 'First name is too long'),
    lastName: z.string().trim().min(1, 'Last name is required').max(100, 'Last name is too long'),
    email: z.string().trim().min(1, 'Email is required').email('Please enter a valid email address'),
    password: z.string().min(1, 'Password is required').max(PASSWORD.max, `Password must be at most ${PASSWORD.max} characters`),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match!', path: ['confirmPassword'] });

export const timeZoneSchema = z.string().max(64).refine(isValidTimeZone, 'Unknown time zone');

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
