// Study content imported from content/**: flashcards, videos, drag-and-drop scenarios, sorting questions, and the
// content version clients cache against.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONTENT_LEVELS, COURSE_LEVELS, FLASHCARD_CATEGORIES, VIDEO_CATEGORIES } from '../../../shared/constants';
import { inList, searchDocument, tsvector, tstz } from './columns';

/** isImageFront (shared/flashcards.ts) as a SQL regular expression */
export const IMAGE_FRONT_SQL = String.raw`^\s*(/|https://)\S+\.(svg|png|jpe?g|webp|gif)\s*$`;

export const flashcards = pgTable(
  'flashcards',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    category: text('category').notNull(),
    courseLevel: text('course_level').notNull(),
    frontText: text('front_text').notNull(),
    backText: text('back_text').notNull(),
    reference: text('reference'),
    /** a random key fixed per card; a deck's seeded shuffle permutes it (see deckPage) */
    shuffleKey: integer('shuffle_key')
      .notNull()
      .default(sql`floor(random() * 2147483647)::int`),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    /** what /search matches: the front weighted above the back; a front that is a picture (its file's name) is no text */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(searchDocument(`case when front_text ~* '${IMAGE_FRONT_SQL}' then '' else front_text end`, 'back_text')),
  },
  (t) => [
    index('flashcards_search_idx').using('gin', t.searchVector),
    index('flashcards_level_category_id_idx').on(t.courseLevel, t.category, t.id),
    /** /review's new cards: walked in this fixed random order until enough unseen ones are found (decision 077) */
    index('flashcards_shuffle_idx').on(t.shuffleKey, t.id),
    check('flashcards_category_check', inList('category', FLASHCARD_CATEGORIES)),
    check('flashcards_course_level_check', inList('course_level', CONTENT_LEVELS)),
  ],
);

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    duration: text('duration').notNull(),
    videoUrl: text('video_url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    courseLevel: text('course_level').notNull().default('Both'),
    description: text('description'),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(searchDocument('title', "coalesce(description, '')")),
  },
  (t) => [
    index('videos_search_idx').using('gin', t.searchVector),
    check('videos_category_check', inList('category', VIDEO_CATEGORIES)),
    check('videos_course_level_check', inList('course_level', COURSE_LEVELS)),
  ],
);

export const dragDropScenarios = pgTable(
  'drag_drop_scenarios',
  {
    id: serial('id').primaryKey(),
    scenarioId: integer('scenario_id').notNull(),
    scenario: text('scenario').notNull(),
    therapyKey: text('therapy_key').notNull(),
    therapyName: text('therapy_name').notNull(),
    indicated: boolean('indicated').notNull(),
    courseLevel: text('course_level').notNull(),
    reference: text('reference'),
    /** why the therapy is or is not indicated for this patient (content; optional while being written) */
    rationale: text('rationale'),
    /** the scenario and the therapy's name (an option), never whether it is indicated nor why */
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(searchDocument('scenario', 'therapy_name')),
  },
  (t) => [
    index('drag_drop_scenarios_search_idx').using('gin', t.searchVector),
    uniqueIndex('drag_drop_scenarios_scenario_therapy_key').on(t.scenarioId, t.therapyKey),
    index('drag_drop_scenarios_level_idx').on(t.courseLevel, t.scenarioId),
    check('drag_drop_scenarios_course_level_check', inList('course_level', CONTENT_LEVELS)),
  ],
);

export const sortingQuestions = pgTable(
  'sorting_questions',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id').notNull(),
    itemKey: text('item_key').notNull(),
    questionText: text('question_text').notNull(),
    medication: text('medication').notNull(),
    category: text('category').notNull(),
    correctAnswer: text('correct_answer').notNull(),
    courseLevel: text('course_level').notNull(),
    reference: text('reference'),
    /** why the item belongs in its answer (content; optional while being written) */
    rationale: text('rationale'),
    /** the question and the item to sort, never its answer nor why */
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(searchDocument('question_text', 'medication')),
  },
  (t) => [
    index('sorting_questions_search_idx').using('gin', t.searchVector),
    uniqueIndex('sorting_questions_question_item_key').on(t.questionId, t.itemKey),
    index('sorting_questions_level_question_idx').on(t.courseLevel, t.questionId),
    check('sorting_questions_course_level_check', inList('course_level', CONTENT_LEVELS)),
  ],
);

/** Key/value facts about the database itself, e.g. the content version clients cache against. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * The clinical scenarios' searchable text, written by the content import (the scenarios themselves are served from the
 * files): the title, each step's situation, prompt and choices, never the correct choice nor its feedback.
 */
export const scenarioSearch = pgTable(
  'scenario_search',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    title: text('title').notNull(),
    courseLevel: text('course_level').notNull(),
    body: text('body').notNull(),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(searchDocument('title', 'body')),
  },
  (t) => [
    index('scenario_search_idx').using('gin', t.searchVector),
    check('scenario_search_course_level_check', inList('course_level', CONTENT_LEVELS)),
  ],
);

/**
 * Every word of the searchable content per level, for the trigram match of a misspelt word ("amiodarne") to the nearest
 * one the library has (docs/decisions/101-search-full-text-and-trigram-terms.md). Rebuilt from the content tables by
 * `refreshSearchTerms`.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').notNull(),
    level: text('level').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.term, t.level] }),
    /** the nearest word by trigram distance (`<->`, a GiST walk that stops at the first) */
    index('search_terms_trgm_idx').using('gist', t.term.op('gist_trgm_ops')),
    /** whether a word as typed so far begins one (`like 'adenos%'`) */
    index('search_terms_prefix_idx').on(t.term.op('text_pattern_ops')),
    check('search_terms_level_check', inList('level', CONTENT_LEVELS)),
  ],
);
