// Question practice (docs/product.md §10.4): the exam blueprint, the item file format, the API's shapes, scoring and
// the item-writing checks a program can see. Pure: no I/O (the caller passes what needs the disk).
import { z } from 'zod';
import { CONTENT_LEVELS, FLASHCARD_CATEGORIES, type ContentLevel } from './constants';

// ---------------------------------------------------------------------------------------------------
// The blueprint

export interface BlueprintDomain {
  name: string;
  /** the code item keys carry: `emt-ssu-0001` */
  code: string;
  /** share of the scored items, percent, inclusive range */
  min: number;
  max: number;
}

/**
 * The NREMT cognitive exam blueprints: domains and their weight ranges. Used by the content checks,
 * practice-exam assembly and readiness. Pediatric items (about 15 % on the EMT exam) are spread
 * through every domain rather than being one.
 */
export const EXAM_BLUEPRINT = {
  source:
    'National Registry of EMTs (nremt.org): EMT Cognitive Exam handbook and "Get Ready for the New Examinations" ' +
    '(EMT exam from 7 April 2025); Paramedic "About the Examination" (Paramedic exam from 1 July 2024).',
  EMT: {
    effective: '2025-04-07',
    domains: [
      { name: 'Scene Size-Up and Safety', code: 'ssu', min: 15, max: 19 },
      { name: 'Primary Assessment', code: 'pa', min: 39, max: 43 },
      { name: 'Secondary Assessment', code: 'sa', min: 5, max: 9 },
      { name: 'Patient Treatment and Transport', code: 'ptt', min: 20, max: 24 },
      { name: 'Operations', code: 'ops', min: 10, max: 14 },
    ],
  },
  Paramedic: {
    effective: '2024-07-01',
    domains: [
      { name: 'Airway, Respiration & Ventilation', code: 'arv', min: 8, max: 12 },
      { name: 'Cardiology & Resuscitation', code: 'card', min: 10, max: 14 },
      { name: 'Trauma', code: 'trm', min: 6, max: 10 },
      { name: 'Medical/OB/GYN', code: 'med', min: 24, max: 28 },
      { name: 'EMS Operations', code: 'ops', min: 8, max: 12 },
      { name: 'Clinical Judgment', code: 'cj', min: 34, max: 38 },
    ],
  },
} as const satisfies { source: string } & Record<ContentLevel, { effective: string; domains: readonly BlueprintDomain[] }>;

export const domainsOf = (level: ContentLevel): readonly BlueprintDomain[] => EXAM_BLUEPRINT[level].domains;
export const domainNames = (level: ContentLevel): string[] => domainsOf(level).map((d) => d.name);
/** "15–19 %" */
export const weightLabel = (d: BlueprintDomain): string => `${d.min}–${d.max} %`;

// ---------------------------------------------------------------------------------------------------
// Constants of the feature

export const QUESTION_TYPES = ['single', 'multiple', 'build_list', 'options_table', 'drag_drop'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_MODES = ['tutor', 'timed'] as const;
export type QuestionMode = (typeof QUESTION_MODES)[number];

export const QUESTION_FILTERS = ['all', 'unseen', 'missed', 'flagged'] as const;
export type QuestionFilter = (typeof QUESTION_FILTERS)[number];

export const QUESTION_COUNTS = [10, 25, 50] as const;
export type QuestionCount = (typeof QUESTION_COUNTS)[number];

export const REPORT_REASONS = ['incorrect', 'unclear', 'typo', 'outdated', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_TEXT_MAX = 1000;

/** Timed quiz: about a minute per item (docs/product.md §10.4). */
export const SECONDS_PER_TIMED_ITEM = 60;

/** The item statistics' review rule: after this many attempts ... */
export const REVIEW_MIN_ATTEMPTS = 30;
/** ... an item is flagged when its discrimination is below this, or its percent correct outside the range. */
export const REVIEW_MIN_POINT_BISERIAL = 0.1;
export const REVIEW_PERCENT_CORRECT = { min: 20, max: 95 } as const;

/** Option counts per type (content/FORMAT.md; docs/product.md §11). */
export const OPTION_COUNTS: Record<QuestionType, { min: number; max: number }> = {
  single: { min: 4, max: 4 },
  multiple: { min: 5, max: 6 },
  build_list: { min: 4, max: 6 },
  options_table: { min: 3, max: 6 },
  drag_drop: { min: 4, max: 8 },
};
/** Category counts of the two classifying types. */
export const CATEGORY_COUNTS: Record<'options_table' | 'drag_drop', { min: number; max: number }> = {
  options_table: { min: 2, max: 3 },
  drag_drop: { min: 2, max: 4 },
};
export const CASE_SET_SIZE = { min: 3, max: 6 } as const;

/**
 * Where an item is served: `practice` (practice, review, search, saved, and the exam) or `exam` (the exam's own
 * reserve: only in a practice exam). In a content file only `pool: "exam"` is written; absent is practice.
 */
export const QUESTION_POOLS = ['practice', 'exam'] as const;
export type QuestionPool = (typeof QUESTION_POOLS)[number];

// ---------------------------------------------------------------------------------------------------
// The item file format (content/questions/<level>/*.json; content/FORMAT.md)
// Structure only; the item-writing rules are checked by checkQuestionContent, which names file, key and rule.

const fileText = z.string();
export const questionOptionFileSchema = z.strictObject({
  text: fileText.trim().min(1, 'option text is empty'),
  rationale: z.string().default(''),
  correct: z.boolean().optional(),
  position: z.number().int().optional(),
  category: z.string().optional(),
});

export const questionItemFileSchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'keys are lowercase kebab-case'),
  course_level: z.enum(CONTENT_LEVELS),
  type: z.enum(QUESTION_TYPES),
  domain: z.string(),
  topic: z.string(),
  difficulty: z.number().int().min(1, 'difficulty is 1 to 5').max(5, 'difficulty is 1 to 5'),
  pediatric: z.boolean(),
  stem: fileText.trim().min(1, 'stem is empty'),
  options: z.array(questionOptionFileSchema),
  categories: z.array(z.string().trim().min(1)).optional(),
  case: z.string().optional(),
  case_order: z.number().int().optional(),
  image: z.string().optional(),
  reference: z.string().default(''),
  /** the exam reserve; absent: practice */
  pool: z.literal('exam', { error: () => 'pool is "exam" or absent (practice)' }).optional(),
});
export type QuestionItemFile = z.infer<typeof questionItemFileSchema>;
export type QuestionOptionFile = z.infer<typeof questionOptionFileSchema>;

export const questionCaseFileSchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'keys are lowercase kebab-case'),
  course_level: z.enum(CONTENT_LEVELS),
  title: fileText.trim().min(1),
  presentation: fileText.trim().min(1),
  updates: z.record(z.string().regex(/^[1-9]\d*$/, 'update keys are case_order numbers'), fileText.trim().min(1)).optional(),
});
export type QuestionCaseFile = z.infer<typeof questionCaseFileSchema>;

/** content/questions/retired-keys.json: keys of removed items, never to be used again. */
export const retiredQuestionKeySchema = z.strictObject({
  key: z.string().min(1),
  reason: z.string().trim().min(1),
  replaced_by: z.string().optional(),
});
export type RetiredQuestionKey = z.infer<typeof retiredQuestionKeySchema>;

// ---------------------------------------------------------------------------------------------------
// Answers and scoring

/** An option id the server chose for this session ("a".."h"). */
const optionId = z.string().min(1).max(8);
export const singleAnswerSchema = z.strictObject({ choice: optionId });
export const multipleAnswerSchema = z.strictObject({ choices: z.array(optionId).max(8) });
export const buildListAnswerSchema = z.strictObject({ order: z.array(optionId).max(8) });
export const placementsAnswerSchema = z.strictObject({ placements: z.record(optionId, z.string().max(200)) });
/** Any answer shape; which one an item takes is its type's (answerSchemaFor). */
export const answerSchema = z.union([singleAnswerSchema, multipleAnswerSchema, buildListAnswerSchema, placementsAnswerSchema]);

export type SingleAnswer = z.infer<typeof singleAnswerSchema>;
export type MultipleAnswer = z.infer<typeof multipleAnswerSchema>;
export type BuildListAnswer = z.infer<typeof buildListAnswerSchema>;
export type PlacementsAnswer = z.infer<typeof placementsAnswerSchema>;
export type QuestionAnswer = SingleAnswer | MultipleAnswer | BuildListAnswer | PlacementsAnswer;

export interface AnswerByType {
  single: SingleAnswer;
  multiple: MultipleAnswer;
  build_list: BuildListAnswer;
  options_table: PlacementsAnswer;
  drag_drop: PlacementsAnswer;
}

export function answerSchemaFor(type: QuestionType) {
  switch (type) {
    case 'single':
      return singleAnswerSchema;
    case 'multiple':
      return multipleAnswerSchema;
    case 'build_list':
      return buildListAnswerSchema;
    default:
      return placementsAnswerSchema;
  }
}

/** An item as scoring sees it: options under their session ids, with what keys them. */
export interface ScorableOption {
  id: string;
  correct?: boolean;
  position?: number;
  category?: string;
}
export interface ScorableItem {
  type: QuestionType;
  options: ScorableOption[];
  categories?: string[];
}

/** The keyed answer, in the answer shape of the item's type. */
export function keyedAnswer(item: ScorableItem): QuestionAnswer {
  switch (item.type) {
    case 'single':
      return { choice: item.options.find((o) => o.correct === true)?.id ?? '' };
    case 'multiple':
      return { choices: item.options.filter((o) => o.correct === true).map((o) => o.id) };
    case 'build_list':
      return { order: [...item.options].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)).map((o) => o.id) };
    case 'options_table':
    case 'drag_drop':
      return { placements: Object.fromEntries(item.options.map((o) => [o.id, o.category ?? ''])) };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * All or nothing, as on the NREMT: single — the keyed option; multiple — exactly the keyed set;
 * build list — the exact order of every option; options table and drag and drop — every row in its
 * category. A partial answer, an answer of another type's shape or a malformed one is wrong.
 */
export function scoreAnswer(item: ScorableItem, answer: unknown): boolean {
  if (!isObject(answer)) return false;
  const ids = item.options.map((o) => o.id);
  switch (item.type) {
    case 'single': {
      if (Object.keys(answer).length !== 1 || typeof answer.choice !== 'string') return false;
      const keyed = item.options.filter((o) => o.correct === true);
      return keyed.length === 1 && keyed[0]!.id === answer.choice;
    }
    case 'multiple': {
      if (Object.keys(answer).length !== 1 || !isStringArray(answer.choices)) return false;
      const chosen = answer.choices;
      if (new Set(chosen).size !== chosen.length) return false;
      const keyed = new Set(item.options.filter((o) => o.correct === true).map((o) => o.id));
      return keyed.size > 0 && chosen.length === keyed.size && chosen.every((c) => keyed.has(c));
    }
    case 'build_list': {
      const order = answer.order;
      if (Object.keys(answer).length !== 1 || !isStringArray(order)) return false;
      const keyed = (keyedAnswer(item) as BuildListAnswer).order;
      return order.length === keyed.length && keyed.length === ids.length && keyed.every((id, i) => order[i] === id);
    }
    case 'options_table':
    case 'drag_drop': {
      if (Object.keys(answer).length !== 1 || !isObject(answer.placements)) return false;
      const placements = answer.placements;
      const placed = Object.keys(placements);
      if (placed.length !== ids.length) return false;
      return item.options.every((o) => Object.hasOwn(placements, o.id) && placements[o.id] === o.category);
    }
  }
}

/** How many parts of a technology-enhanced item an answer got right, out of how many (the feedback's "5 of 6"). */
export interface AnswerParts {
  right: number;
  total: number;
}

/**
 * The parts of a technology-enhanced answer that were right (docs/product.md §10.4): the item is still scored right or wrong
 * (`scoreAnswer`, as the NREMT does); this only tells the feedback which parts were. Multiple response: the keyed choices
 * picked, less one for each choice beyond the number asked (so every part is right only for the keyed answer); build list:
 * the steps in their keyed place; options table and drag and drop: the options put in their keyed column or zone. None for
 * a single answer (one part) or an answer of another shape.
 */
export function scoreParts(item: ScorableItem, answer: unknown): AnswerParts | null {
  if (!isObject(answer)) return null;
  switch (item.type) {
    case 'single':
      return null;
    case 'multiple': {
      if (!isStringArray(answer.choices)) return null;
      const chosen = new Set(answer.choices);
      const keyed = item.options.filter((o) => o.correct === true).map((o) => o.id);
      const hits = keyed.filter((id) => chosen.has(id)).length;
      return { right: Math.max(0, hits - Math.max(0, chosen.size - keyed.length)), total: keyed.length };
    }
    case 'build_list': {
      if (!isStringArray(answer.order)) return null;
      const order = answer.order;
      const keyed = (keyedAnswer(item) as BuildListAnswer).order;
      return { right: keyed.filter((id, i) => order[i] === id).length, total: keyed.length };
    }
    case 'options_table':
    case 'drag_drop': {
      if (!isObject(answer.placements)) return null;
      const placements = answer.placements;
      const right = item.options.filter((o) => Object.hasOwn(placements, o.id) && placements[o.id] === o.category).length;
      return { right, total: item.options.length };
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Review of an item's statistics (the API's shapes are in contracts/questions.ts)

/** The review rule: after REVIEW_MIN_ATTEMPTS attempts, poor discrimination or an extreme percent correct. */
export function needsReview(s: { attempts: number; percentCorrect: number | null; pointBiserial: number | null }): boolean {
  if (s.attempts < REVIEW_MIN_ATTEMPTS) return false;
  if (s.pointBiserial !== null && s.pointBiserial < REVIEW_MIN_POINT_BISERIAL) return true;
  return s.percentCorrect !== null && (s.percentCorrect < REVIEW_PERCENT_CORRECT.min || s.percentCorrect > REVIEW_PERCENT_CORRECT.max);
}

// ---------------------------------------------------------------------------------------------------
// The item-writing checks a program can see (content:check)

/** The pool an item of a content file is in. */
export const itemPool = (item: Pick<QuestionItemFile, 'pool'>): QuestionPool => item.pool ?? 'practice';

export interface ItemInFile {
  file: string;
  item: QuestionItemFile;
}
export interface CaseInFile {
  file: string;
  case: QuestionCaseFile;
}

const SELECT_WORDS: Record<number, string> = { 2: 'two', 3: 'three' };
const ALL_NONE = /\b(all|none) of the above\b/i;
/** "NOT" and "EXCEPT" in capitals, "least likely/appropriate/…": a negatively worded stem. */
const NEGATIVE_STEM = /\b(NOT|EXCEPT)\b|\bleast (likely|appropriate|important|helpful|correct|effective|useful|accurate)\b/i;
const NEGATIVE_STEM_CAPS = /\b(NOT|EXCEPT)\b/;
const LEAST = /\bleast (likely|appropriate|important|helpful|correct|effective|useful|accurate)\b/i;

/**
 * Every rule a program can check on the items and case sets: returns readable problems, each naming
 * the file, the item key and the rule. `imageExists` answers for a path under media/.
 */
export function checkQuestionContent(input: {
  items: ItemInFile[];
  cases: CaseInFile[];
  retired?: RetiredQuestionKey[];
  imageExists: (mediaPath: string) => boolean;
  /** the level folder each file sits in, e.g. "emt" -> EMT; absent: not checked */
  folderLevel?: (file: string) => ContentLevel | null;
}): string[] {
  const problems: string[] = [];
  const casesByKey = new Map<string, CaseInFile>();
  for (const c of input.cases) {
    if (casesByKey.has(c.case.key))
      problems.push(`${c.file} case ${c.case.key}: duplicate case key (also in ${casesByKey.get(c.case.key)!.file})`);
    casesByKey.set(c.case.key, c);
    const folder = input.folderLevel?.(c.file);
    if (folder && folder !== c.case.course_level)
      problems.push(`${c.file} case ${c.case.key}: course_level ${c.case.course_level} in the ${folder} folder`);
  }
  const seen = new Map<string, string>();
  const retired = new Set((input.retired ?? []).map((r) => r.key));
  for (const { file, item } of input.items) {
    const at = `${file} ${item.key}`;
    const p = (rule: string, detail: string) => problems.push(`${at}: ${rule}: ${detail}`);
    if (seen.has(item.key)) p('unique key', `the key is also used in ${seen.get(item.key)}`);
    seen.set(item.key, file);
    if (retired.has(item.key)) p('retired key', 'this key was retired (content/questions/retired-keys.json); choose a new key');
    const folder = input.folderLevel?.(file);
    if (folder && folder !== item.course_level) p('level folder', `course_level ${item.course_level} in the ${folder} folder`);

    const domains = domainNames(item.course_level);
    if (!domains.includes(item.domain))
      p('domain', `unknown domain "${item.domain}" for ${item.course_level} (one of: ${domains.join('; ')})`);
    if (!(FLASHCARD_CATEGORIES as readonly string[]).includes(item.topic)) p('topic', `unknown topic "${item.topic}"`);
    if (!item.reference.trim()) p('reference', 'every item names its reference');

    // stem
    if (NEGATIVE_STEM_CAPS.test(item.stem) || LEAST.test(item.stem))
      p(
        'negative stem',
        `the stem is negatively worded ("${(item.stem.match(NEGATIVE_STEM) ?? [''])[0]}"); ask for the best action instead`,
      );
    if (ALL_NONE.test(item.stem)) p('all/none of the above', 'the stem refers to "all/none of the above"');

    // options
    const { min, max } = OPTION_COUNTS[item.type];
    const n = item.options.length;
    if (n < min || n > max) p('option count', `${item.type} has ${min === max ? min : `${min} to ${max}`} options, this one ${n}`);
    item.options.forEach((o, i) => {
      if (!o.rationale.trim()) p('rationale', `option ${i + 1} ("${o.text.slice(0, 40)}") has no rationale`);
      if (ALL_NONE.test(o.text)) p('all/none of the above', `option ${i + 1} is "${o.text}"`);
    });
    const texts = item.options.map((o) => o.text.trim().toLowerCase());
    if (new Set(texts).size !== texts.length) p('distinct options', 'two options have the same text');

    const correctCount = item.options.filter((o) => o.correct === true).length;
    const selectPhrase = item.stem.trim().match(/Select (two|three)\.$/);
    if (item.type === 'single' || item.type === 'multiple') {
      if (item.options.some((o) => typeof o.correct !== 'boolean')) p('keyed options', 'every option has correct: true or false');
      if (item.options.some((o) => o.position !== undefined || o.category !== undefined))
        p('option fields', `${item.type} options have no position or category`);
      if (item.categories !== undefined) p('option fields', `${item.type} has no categories`);
    } else if (item.options.some((o) => o.correct !== undefined)) p('option fields', `${item.type} options have no "correct"`);

    if (item.type === 'single') {
      if (correctCount !== 1) p('keyed options', `single has exactly one correct option, this one ${correctCount}`);
      if (selectPhrase) p('select phrase', 'a single-answer stem does not say "Select two/three."');
    } else if (item.type === 'multiple') {
      if (correctCount < 2 || correctCount > 3) p('keyed options', `multiple has 2 or 3 correct options, this one ${correctCount}`);
      const word = SELECT_WORDS[correctCount];
      if (word && !item.stem.trim().endsWith(`Select ${word}.`))
        p(
          'select phrase',
          `the stem ends with "Select ${word}." (${correctCount} keyed options)${selectPhrase ? `, not "${selectPhrase[0]}"` : ''}`,
        );
    } else if (selectPhrase) p('select phrase', `a ${item.type} stem does not say "${selectPhrase[0]}"`);

    if (item.type === 'build_list') {
      const positions = item.options.map((o) => o.position);
      const isPermutation =
        positions.every((x) => typeof x === 'number') && [...positions].sort((a, b) => a - b).every((x, i) => x === i + 1);
      if (!isPermutation) p('positions', `build_list positions are 1..${n}, each once (got ${positions.map((x) => x ?? '-').join(', ')})`);
      if (item.options.some((o) => o.category !== undefined) || item.categories !== undefined)
        p('option fields', 'build_list has no categories');
    }
    if (item.type === 'options_table' || item.type === 'drag_drop') {
      const cats = item.categories ?? [];
      const cc = CATEGORY_COUNTS[item.type];
      if (cats.length < cc.min || cats.length > cc.max)
        p('categories', `${item.type} has ${cc.min} to ${cc.max} categories, this one ${cats.length}`);
      if (new Set(cats).size !== cats.length) p('categories', 'two categories have the same label');
      item.options.forEach((o, i) => {
        if (o.category === undefined || !cats.includes(o.category))
          p(
            'categories',
            `option ${i + 1} ("${o.text.slice(0, 40)}") has category ${o.category === undefined ? '(none)' : `"${o.category}"`}, not one of the categories`,
          );
      });
      if (item.options.some((o) => o.position !== undefined)) p('option fields', `${item.type} options have no position`);
      if (item.type === 'drag_drop') {
        const used = new Set(item.options.map((o) => o.category));
        const unused = cats.filter((c) => !used.has(c));
        if (unused.length)
          p('categories used', `every zone receives at least one option; unused: ${unused.map((c) => `"${c}"`).join(', ')}`);
      }
    }

    // case and image
    if (item.case !== undefined) {
      const c = casesByKey.get(item.case);
      if (!c) p('case', `case key "${item.case}" has no case in a cases*.json file`);
      else if (c.case.course_level !== item.course_level)
        p('case', `the case "${item.case}" is ${c.case.course_level}, the item ${item.course_level}`);
      if (item.case_order === undefined) p('case order', 'an item of a case set has its case_order');
    } else if (item.case_order !== undefined) p('case order', 'case_order without a case');
    if (item.image !== undefined) {
      const clean = item.image.replace(/^\/?media\//, '');
      if (item.image.includes('..') || item.image.startsWith('/') || !/\.(svg|png|jpe?g|webp)$/i.test(item.image))
        p('image', `image "${item.image}" is a path under media/ (e.g. ekg/sinus-tachycardia.svg)`);
      else if (!input.imageExists(clean)) p('image', `image media/${clean} does not exist`);
    }
  }

  // case sets: 3..6 items, case_order 1..n, all in one pool
  const sets = new Map<string, { file: string; key: string; order: number | undefined; pool: QuestionPool }[]>();
  for (const { file, item } of input.items)
    if (item.case !== undefined && casesByKey.has(item.case))
      sets.set(item.case, [...(sets.get(item.case) ?? []), { file, key: item.key, order: item.case_order, pool: itemPool(item) }]);
  for (const c of input.cases) {
    const members = sets.get(c.case.key) ?? [];
    const at = `${c.file} case ${c.case.key}`;
    if (members.length < CASE_SET_SIZE.min || members.length > CASE_SET_SIZE.max)
      problems.push(`${at}: case set size: ${CASE_SET_SIZE.min} to ${CASE_SET_SIZE.max} items, this one ${members.length}`);
    const orders = members.map((m) => m.order).filter((o): o is number => o !== undefined);
    const sorted = [...orders].sort((a, b) => a - b);
    if (orders.length === members.length && !sorted.every((o, i) => o === i + 1))
      problems.push(`${at}: case order: the items' case_order are 1..${members.length}, each once (got ${sorted.join(', ')})`);
    const exam = members.filter((m) => m.pool === 'exam');
    if (exam.length > 0 && exam.length < members.length)
      problems.push(
        `${at}: case pool: a case set's items are all in one pool (pool "exam" on every item or on none); ` +
          `exam: ${exam.map((m) => m.key).join(', ')}; practice: ${members
            .filter((m) => m.pool !== 'exam')
            .map((m) => m.key)
            .join(', ')}`,
      );
    for (const k of Object.keys(c.case.updates ?? {}))
      if (Number(k) < 2 || Number(k) > members.length)
        problems.push(`${at}: case update: update "${k}" is for no item of the set (2..${members.length})`);
  }
  return problems;
}

/** The update text shown with a case item: the case's updates up to its case_order, in order. */
export function caseUpdateFor(
  updates: Record<string, string> | null | undefined,
  caseOrder: number | null | undefined,
): string | undefined {
  if (!updates || !caseOrder) return undefined;
  const texts = Object.entries(updates)
    .map(([k, v]) => [Number(k), v] as const)
    .filter(([k]) => k <= caseOrder)
    .sort((a, b) => a[0] - b[0])
    .map(([, v]) => v);
  return texts.length ? texts.join('\n\n') : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Answer-cue measures of single items (QFORMAT: keyed option single longest in at most 30 %, within
// 1.5x the mean distractor length in at least 90 %; per level, over single items)

export interface SingleCue {
  key: string;
  keyedLongest: boolean;
  withinRatio: boolean;
}

/** Characters after trimming (code points). */
const chars = (s: string): number => [...s.trim()].length;

export function measureSingleItems(items: Pick<QuestionItemFile, 'key' | 'type' | 'options'>[]): SingleCue[] {
  const out: SingleCue[] = [];
  for (const it of items) {
    if (it.type !== 'single' || it.options.length !== 4) continue;
    const keyed = it.options.filter((o) => o.correct === true);
    const wrong = it.options.filter((o) => o.correct !== true).map((o) => chars(o.text));
    if (keyed.length !== 1 || wrong.length === 0) continue;
    const k = chars(keyed[0]!.text);
    const total = wrong.reduce((a, b) => a + b, 0);
    // k <= 1.5 * mean(wrong), in integers: 2 k n <= 3 sum(wrong)
    out.push({ key: it.key, keyedLongest: k > Math.max(...wrong), withinRatio: 2 * k * wrong.length <= 3 * total });
  }
  return out;
}
