import { z } from 'zod';
import { CONTENT_LEVELS, COURSE_LEVELS, FLASHCARD_CATEGORIES, SCENARIO_GROUPS, VIDEO_CATEGORIES } from '../../shared/constants';

/** The content file formats of content/FORMAT.md. */
const key = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'keys are lowercase kebab-case');
const text = z.string().trim().min(1);
const reference = z.string().trim().min(3, 'every clinical item names its reference');
const level = z.enum(CONTENT_LEVELS);

export const flashcardSchema = z.strictObject({
  key,
  category: z.enum(FLASHCARD_CATEGORIES),
  course_level: level,
  front: text,
  back: text,
  reference,
});

type ScenarioGroup = (typeof SCENARIO_GROUPS)[number];

/** The specification's 23 scenarios, by group in menu order: the Paramedic library. */
export const SCENARIO_NAMES: Record<ScenarioGroup, string[]> = {
  'Airway/Respiratory': ['Airway/Respiratory 1', 'Airway/Respiratory 2'],
  Cardiology: ['Cardiology 1', 'Cardiology 2'],
  'EMS Operations': ['EMS Operations 1', 'EMS Operations 2', 'EMS Operations 3', 'EMS Operations 4'],
  Trauma: ['Blunt', 'Penetrate', 'Electrical'],
  Medical: ['Immuno', 'Endocrine', 'Endocrine 2', 'Enviro', 'GI', 'Infectious', 'Neuro', 'OB 1', 'OB 2', 'Pediatric', 'Psych', 'Tox'],
};

/** The EMT library (decision 107): every group of the menu, inside the EMT scope of practice. */
export const EMT_SCENARIO_NAMES: Record<ScenarioGroup, string[]> = {
  'Airway/Respiratory': ['EMT Airway/Respiratory 1', 'EMT Airway/Respiratory 2'],
  Cardiology: ['EMT Cardiology 1', 'EMT Cardiology 2'],
  'EMS Operations': ['EMT EMS Operations 1', 'EMT EMS Operations 2'],
  Trauma: ['EMT Blunt', 'EMT Penetrate', 'EMT Electrical'],
  Medical: ['EMT Immuno', 'EMT Endocrine', 'EMT Neuro', 'EMT OB', 'EMT Pediatric', 'EMT Tox'],
};

/** Each level's scenario names by group: a scenario's name says its level, and its place in the menu. */
export const SCENARIO_NAMES_BY_LEVEL: Record<(typeof CONTENT_LEVELS)[number], Record<ScenarioGroup, string[]>> = {
  Paramedic: SCENARIO_NAMES,
  EMT: EMT_SCENARIO_NAMES,
};

export const scenarioStepSchema = z.strictObject({
  Scenario: text,
  'Scenario Step': text,
  Prompt: text,
  Choices: text,
  'Correct Choice': text,
  'Feedback Correct': z.string(),
  'Feedback Incorrect': z.string(),
});
export type ScenarioStep = z.infer<typeof scenarioStepSchema>;

export const scenarioSchema = z.strictObject({
  key,
  name: text,
  group: z.enum(SCENARIO_GROUPS),
  title: text,
  course_level: level,
  reference,
  steps: z.array(scenarioStepSchema).min(1),
});

export const dragDropSchema = z.strictObject({
  scenario_id: z.number().int().positive(),
  key,
  course_level: level,
  scenario: text,
  reference,
  therapies: z.array(z.strictObject({ therapy_key: key, therapy_name: text, indicated: z.boolean(), rationale: text })).min(2),
});

export const sortingSchema = z.strictObject({
  question_id: z.number().int().positive(),
  key,
  course_level: level,
  category: text,
  question_text: text,
  reference,
  items: z.array(z.strictObject({ key, medication: text, correct_answer: text, rationale: text })).min(2),
});

export const videoSchema = z.strictObject({
  key,
  title: text,
  category: z.enum(VIDEO_CATEGORIES),
  duration: z.string().regex(/^\d{1,3}:[0-5]\d$/, 'duration is m:ss'),
  video_url: text,
  thumbnail_url: text,
  course_level: z.enum(COURSE_LEVELS),
  description: z.string().optional(),
});

export const badgeSchema = z.strictObject({
  key,
  name: text,
  description: text,
  image_url: text,
  requirement_text: text,
  streak_days: z.number().int().positive(),
  sort_order: z.number().int(),
});

export const resourceSchema = z.strictObject({
  key,
  title: text,
  description: text,
  url: z.url(),
  image_url: text,
  kind: z.enum(['course', 'guide']),
  /** who is offered the card (decision 107): a Paramedic course is never shown to an EMT student */
  course_level: z.enum(COURSE_LEVELS),
});

/** content/flashcards/retired-keys.json: keys of cards removed from the library, never to be used again */
export const retiredKeySchema = z.strictObject({
  key,
  replaced_by: key,
  reason: text,
});

export type FlashcardContent = z.infer<typeof flashcardSchema>;
export type RetiredKeyContent = z.infer<typeof retiredKeySchema>;
export type ScenarioContent = z.infer<typeof scenarioSchema>;
export type DragDropContent = z.infer<typeof dragDropSchema>;
export type SortingContent = z.infer<typeof sortingSchema>;
export type VideoContent = z.infer<typeof videoSchema>;
export type BadgeContent = z.infer<typeof badgeSchema>;
export type ResourceContent = z.infer<typeof resourceSchema>;
