import { z } from 'zod';
import { PASSWORD } from './constants';

// The single rules for the fields that several forms and routes share (decision 035). Client forms and server routes both
// build their schemas from these, so a name, an e-mail address or a password is judged the same way on both sides.

export const firstNameField = z.string().trim().min(1, 'First name is required').max(100, 'First name is too long');
export const lastNameField = z.string().trim().min(1, 'Last name is required').max(100, 'Last name is too long');
export const emailField = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));
/** The password as typed at sign-in or to confirm a change: required, never trimmed, at most the stored maximum. */
export const currentPasswordField = z
  .string()
  .min(1, 'Please enter your current password.')
  .max(PASSWORD.max, `Password must be at most ${PASSWORD.max} characters`);
/** A new password: the length rule of the specification. */
export const newPasswordField = z
  .string()
  .min(PASSWORD.min, `Password must be at least ${PASSWORD.min} characters`)
  .max(PASSWORD.max, `Password must be at most ${PASSWORD.max} characters`);
