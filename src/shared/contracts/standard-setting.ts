import { z } from 'zod';
import { CONTENT_LEVELS } from '../constants';
import { QUESTION_TYPES } from '../questions';
import { RATING_RANGE, STUDY_ITEMS, STUDY_STATUSES } from '../standard-setting';

// The standard-setting API's contract (decision 109): an administrator's studies under /api/admin/standards, a
// panelist's under /api/standard-setting. The rules live in ../standard-setting.ts.

/** POST /api/admin/standards: a new study; the server chooses its items. */
export const createStudyBody = z.strictObject({
  level: z.enum(CONTENT_LEVELS, 'Choose EMT or Paramedic'),
  title: z.string('Enter a title').trim().min(1, 'Enter a title').max(120, 'The title is at most 120 characters'),
  items: z
    .number('The number of items is a whole number')
    .int('The number of items is a whole number')
    .min(STUDY_ITEMS.min, `A study rates at least ${STUDY_ITEMS.min} items`)
    .max(STUDY_ITEMS.max, `A study rates at most ${STUDY_ITEMS.max} items`)
    .default(STUDY_ITEMS.default),
});
export type CreateStudyBody = z.input<typeof createStudyBody>;

/** POST /api/admin/standards/:id/panelists */
export const addPanelistBody = z.strictObject({
  email: z.string('Enter the panelist’s e-mail').trim().min(1, 'Enter the panelist’s e-mail').max(254).toLowerCase(),
});
export type AddPanelistBody = z.input<typeof addPanelistBody>;

/** PUT /api/standard-setting/studies/:id/ratings/:itemKey */
export const ratingBody = z.strictObject({
  value: z
    .number('Enter a whole number from 0 to 100')
    .int('Enter a whole number from 0 to 100')
    .min(RATING_RANGE.min, 'Enter a whole number from 0 to 100')
    .max(RATING_RANGE.max, 'Enter a whole number from 0 to 100'),
});
export type RatingBody = z.infer<typeof ratingBody>;

const spread = z.object({ n: z.number(), mean: z.number(), min: z.number(), max: z.number(), sd: z.number().nullable() });
export type SpreadView = z.infer<typeof spread>;

const impact = z.object({ takers: z.number(), passing: z.number(), share: z.number().nullable() });

export const panelistProgress = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** items rated in round 1, and confirmed or revised in round 2 */
  rated1: z.number(),
  rated2: z.number(),
});
export type PanelistProgress = z.infer<typeof panelistProgress>;

export const studyView = z.object({
  id: z.string(),
  level: z.enum(CONTENT_LEVELS),
  title: z.string(),
  status: z.enum(STUDY_STATUSES),
  items: z.number(),
  createdAt: z.string(),
  round1OpenedAt: z.string().nullable(),
  round2OpenedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  adoptedAt: z.string().nullable(),
  /** the standard the study's adoption inserted */
  standardId: z.string().nullable(),
  panelists: z.array(panelistProgress),
});
export type StudyView = z.infer<typeof studyView>;

export const studiesResponse = z.object({ studies: z.array(studyView) });
export type StudiesResponse = z.infer<typeof studiesResponse>;
export const studyResponse = z.object({ study: studyView });
export type StudyResponse = z.infer<typeof studyResponse>;

const roundResult = z.object({
  round: z.union([z.literal(1), z.literal(2)]),
  /** null until someone rated */
  cut: z.number().nullable(),
  se: z.number().nullable(),
  /** panelists whose own cut entered the SE */
  panelists: z.number(),
  impact: impact.nullable(),
});
export type RoundResult = z.infer<typeof roundResult>;

/** GET /api/admin/standards/:id/results */
export const studyResultsResponse = z.object({
  study: studyView,
  rounds: z.array(roundResult),
  items: z.array(
    z.object({
      key: z.string(),
      position: z.number(),
      domain: z.string(),
      stem: z.string(),
      b: z.number(),
      round1: spread.nullable(),
      round2: spread.nullable(),
    }),
  ),
});
export type StudyResultsResponse = z.infer<typeof studyResultsResponse>;

/** The panelist's list: the studies they are on. */
export const myStudy = z.object({
  id: z.string(),
  level: z.enum(CONTENT_LEVELS),
  title: z.string(),
  status: z.enum(STUDY_STATUSES),
  items: z.number(),
  /** what they have rated in the open round (in round 2: confirmed or revised) */
  rated: z.number(),
});
export type MyStudy = z.infer<typeof myStudy>;
export const myStudiesResponse = z.object({ studies: z.array(myStudy) });
export type MyStudiesResponse = z.infer<typeof myStudiesResponse>;

const ratedOption = z.object({
  text: z.string(),
  rationale: z.string(),
  /** single and multiple response: whether the option is keyed */
  correct: z.boolean(),
  /** build list: the option's place in the keyed order (1-based) */
  position: z.number().nullable(),
  /** options table and drag and drop: the keyed category */
  category: z.string().nullable(),
});

export const ratingItem = z.object({
  key: z.string(),
  position: z.number(),
  type: z.enum(QUESTION_TYPES),
  domain: z.string(),
  stem: z.string(),
  image: z.string().nullable(),
  /** a case set's presentation and the updates before this item */
  caseText: z.string().nullable(),
  options: z.array(ratedOption),
  categories: z.array(z.string()).nullable(),
  reference: z.string(),
  /** the panelist's own ratings */
  mine: z.object({ round1: z.number().nullable(), round2: z.number().nullable() }),
  /** round 2 only: the panel's round-1 ratings of the item, without names */
  panel: z.object({ spread, values: z.array(z.number()) }).nullable(),
});
export type RatingItem = z.infer<typeof ratingItem>;

/** GET /api/standard-setting/studies/:id */
export const ratingStudyResponse = z.object({
  study: myStudy,
  question: z.string(),
  items: z.array(ratingItem),
  /** round 2 only: the panel's round-1 cut and what it would mean for recent practice-exam takers */
  feedback: z.object({ cut: z.number().nullable(), se: z.number().nullable(), impact: impact.nullable() }).nullable(),
});
export type RatingStudyResponse = z.infer<typeof ratingStudyResponse>;

/** PUT …/ratings/:itemKey */
export const ratingResponse = z.object({
  rating: z.object({ itemKey: z.string(), round: z.number(), value: z.number(), updatedAt: z.string() }),
  rated: z.number(),
});
export type RatingResponse = z.infer<typeof ratingResponse>;
