// Programs: the rules of an instructor's class that the client and the server share (docs/decisions/106-programs-classes-and-seats.md).
import { normaliseCode } from './coupons';

/** A class code: `CLASS-` and six letters or digits that cannot be misread (no 0/O, 1/I/L). */
export const CLASS_CODE_PREFIX = 'CLASS-';
export const CLASS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CLASS_CODE_LENGTH = 6;
const CLASS_CODE = /^CLASS-[A-Z0-9]{6}$/;

/** Whether a code typed in the code box is a class code (a validation code can never take this shape). */
export function isClassCode(raw: string): boolean {
  return CLASS_CODE.test(normaliseCode(raw));
}

/** A class code from six random numbers in [0, 1): the server gives them from its random source. */
export function classCodeFrom(randoms: readonly number[]): string {
  let code = CLASS_CODE_PREFIX;
  for (let i = 0; i < CLASS_CODE_LENGTH; i++) code += CLASS_CODE_ALPHABET[Math.floor((randoms[i] ?? 0) * CLASS_CODE_ALPHABET.length)];
  return code;
}

export const MAX_CLASS_SEATS = 500;
export const MAX_CLASS_ACCESS_DAYS = 365;

/**
 * What an instructor sees of a student in their class, in the words the join screen shows before the student joins. The
 * instructor dashboard shows exactly these and nothing more; the e-mail address and NREMT outcomes only with the choices
 * below.
 */
export const INSTRUCTOR_SEES = [
  'Your name',
  'When you last studied, your streak and your minutes this week',
  'How many questions you have answered and your review backlog',
  'Your practice exams: how many, the latest readiness verdict and band',
  'Your standing in each exam domain (Above, Near or Below the passing standard)',
] as const;

export const INSTRUCTOR_NEVER_SEES = 'Never your payment details, your answers to exam questions or anything outside this class.';

export const EMAIL_VISIBLE_LABEL = 'Show my e-mail address to the instructor';
export const OUTCOMES_CONSENT_LABEL = 'Share my NREMT results with the program';

export const CLASS_MESSAGES = {
  invalid: 'No class has this code. Check it with your instructor.',
  full: 'This class is full. Ask your instructor for a seat.',
  ended: 'This class has ended.',
  alreadyMember: 'You are already in this class.',
  joined: 'You joined the class.',
  left: 'You left the class. Your instructor no longer sees your study.',
} as const;
