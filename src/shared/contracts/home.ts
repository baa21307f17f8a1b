import { z } from 'zod';
import { timeZoneSchema } from '../auth-schemas';
import { COURSE_LEVELS } from '../constants';

// The home API's contract (decision 035): POST /api/home records the day's visit and answers everything the home screen
// shows. The server is type-checked against it; tests/api/contracts.test.ts parses the real answer.

export const homeBody = z.object({ timeZone: timeZoneSchema });
export type HomeBody = z.infer<typeof homeBody>;

const nextRank = z.strictObject({ name: z.string(), daysTo: z.number().int() });

export const homeResponse = z.strictObject({
  profile: z.strictObject({
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    courseLevel: z.enum(COURSE_LEVELS),
    role: z.string(),
  }),
  streak: z.strictObject({
    days: z.number().int(),
    rank: z.string(),
    next: nextRank.nullable(),
    celebration: z.strictObject({ threshold: z.number().int(), rank: z.string(), next: nextRank.nullable() }).nullable(),
    newBadges: z.array(z.strictObject({ id: z.number().int(), name: z.string(), imageUrl: z.string() })),
  }),
  /** the student's study as home counts it (docs/product.md, Home): cards by their last mark, then every question answered */
  stats: z.strictObject({
    cardsStudied: z.number().int(),
    /** cards whose last mark is Correct / Wrong; flagged cards */
    correct: z.number().int(),
    wrong: z.number().int(),
    flagged: z.number().int(),
    /** questions answered in practice, on /review and in ended practice exams, and how many of them right */
    questionsAnswered: z.number().int(),
    questionsCorrect: z.number().int(),
    /** percent right over the cards' marks and the questions together */
    accuracy: z.number(),
  }),
  resources: z.array(
    z.strictObject({
      key: z.string(),
      title: z.string(),
      description: z.string(),
      url: z.string(),
      imageUrl: z.string(),
      kind: z.enum(['course', 'guide']),
      /** whom the card is for (decision 107): the student's own level or Both */
      courseLevel: z.enum(COURSE_LEVELS),
    }),
  ),
  contentVersion: z.string().nullable(),
  /** the first home visit after sign-up (no visit recorded before this one): the screen asks the course level, once */
  firstVisit: z.boolean(),
  /** ask "Which exam are you preparing for?": the first visit of a student who never chose a level (decision 107) */
  askCourseLevel: z.boolean(),
});
export type HomeResponse = z.infer<typeof homeResponse>;
