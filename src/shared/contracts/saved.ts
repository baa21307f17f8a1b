import { z } from 'zod';
import { CONTENT_LEVELS, COURSE_LEVELS, MARK_KINDS } from '../constants';

// The Saved API's contract (decision 102): a student's bookmarks on flashcards, questions, scenarios and videos.

/** The `:kind` of PUT /api/saved/:kind/:key */
export const savedKindParam = z.enum(MARK_KINDS);
/** The `:key` of PUT /api/saved/:kind/:key: a content key (lowercase kebab-case in content/, at most 100 characters). */
export const savedKeyParam = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9-]*$/);

/** PUT /api/saved/:kind/:key: set (`saved: true`) or clear the bookmark; `clientId` (the outbox's) makes a replay count once. */
export const saveBody = z.strictObject({ saved: z.boolean(), clientId: z.uuid('clientId must be a UUID') });
export type SaveBody = z.infer<typeof saveBody>;

export const saveResponse = z.strictObject({ kind: savedKindParam, key: z.string(), saved: z.boolean() });
export type SaveResponse = z.infer<typeof saveResponse>;

const savedAt = z.string();
export const savedFlashcard = z.strictObject({
  key: z.string(),
  id: z.number().int(),
  category: z.string(),
  courseLevel: z.enum(CONTENT_LEVELS),
  front: z.string(),
  back: z.string(),
  savedAt,
});
export const savedQuestion = z.strictObject({
  key: z.string(),
  level: z.enum(CONTENT_LEVELS),
  domain: z.string(),
  topic: z.string(),
  /** the stem only: never a key or a rationale */
  stem: z.string(),
  savedAt,
});
export const savedScenario = z.strictObject({
  key: z.string(),
  name: z.string(),
  title: z.string(),
  group: z.string(),
  savedAt,
});
export const savedVideo = z.strictObject({
  key: z.string(),
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  duration: z.string(),
  thumbnailUrl: z.string(),
  courseLevel: z.enum(COURSE_LEVELS),
  savedAt,
});

/** GET /api/saved: the student's bookmarks by kind, newest first, with the counts. */
export const savedListResponse = z.strictObject({
  counts: z.strictObject({
    flashcard: z.number().int(),
    question: z.number().int(),
    scenario: z.number().int(),
    video: z.number().int(),
  }),
  flashcards: z.array(savedFlashcard),
  questions: z.array(savedQuestion),
  scenarios: z.array(savedScenario),
  videos: z.array(savedVideo),
});
export type SavedListResponse = z.infer<typeof savedListResponse>;
export type SavedFlashcard = z.infer<typeof savedFlashcard>;
export type SavedQuestion = z.infer<typeof savedQuestion>;
export type SavedScenario = z.infer<typeof savedScenario>;
export type SavedVideo = z.infer<typeof savedVideo>;
