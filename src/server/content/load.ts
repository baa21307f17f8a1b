import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z, ZodType } from 'zod';
import { enforcedBankProblems, type BankFigures } from './bank';
import { checkDistractors, distractorProblems, type DistractorFindings } from './distractors';
import { checkCues, CUE_BARS_ENFORCED, type CueReport } from './cues';
import { CAROUSEL_CARDS } from '../../shared/carousel';
import { CONTENT_LEVELS } from '../../shared/constants';
import { loadQuestions, questionCueProblems, type QuestionContent, type QuestionCueFigures } from './questions';
import {
  badgeSchema,
  dragDropSchema,
  flashcardSchema,
  resourceSchema,
  retiredKeySchema,
  SCENARIO_NAMES_BY_LEVEL,
  scenarioSchema,
  sortingSchema,
  videoSchema,
  type BadgeContent,
  type DragDropContent,
  type FlashcardContent,
  type ResourceContent,
  type ScenarioContent,
  type SortingContent,
  type VideoContent,
} from './schemas';

export interface Content {
  flashcards: FlashcardContent[];
  scenarios: ScenarioContent[];
  dragDrop: DragDropContent[];
  sorting: SortingContent[];
  videos: VideoContent[];
  badges: BadgeContent[];
  resources: ResourceContent[];
  /** question items and case sets (docs/product.md §10.4) */
  questions: QuestionContent;
  /** a hash of everything above: clients refresh their caches when it changes */
  version: string;
}

export interface LoadResult {
  content: Content;
  problems: string[];
  /** the answer-cue figures (cues.ts); the failures of the enforced bars are in `problems` too */
  cues: CueReport;
  /** the answer-cue figures of the question items' single items, per level */
  questionCues: QuestionCueFigures[];
  /** the question bank's figures per level (bank.ts) */
  bank: BankFigures[];
  /** the distractor cues of the question items (distractors.ts); every finding is in `problems` too */
  distractors: DistractorFindings;
}

/** file under content/flashcards/ that lists retired card keys (format: content/FORMAT.md) */
export const RETIRED_KEYS_FILE = 'retired-keys.json';

function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return listJson(full);
    return d.name.endsWith('.json') ? [full] : [];
  });
}

function readItems<S extends ZodType>(files: string[], schema: S, problems: string[], root: string, single = false): z.infer<S>[] {
  const items: z.infer<S>[] = [];
  for (const file of files.sort()) {
    const rel = path.relative(root, file);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      problems.push(`${rel}: not valid JSON (${(e as Error).message})`);
      continue;
    }
    const list = single ? [raw] : raw;
    if (!Array.isArray(list)) {
      problems.push(`${rel}: expected a JSON array`);
      continue;
    }
    list.forEach((item, i) => {
      const parsed = schema.safeParse(item);
      if (parsed.success) items.push(parsed.data);
      else
        for (const issue of parsed.error.issues)
          problems.push(`${rel}${single ? '' : `[${i}]`}${issue.path.length ? '.' + issue.path.join('.') : ''}: ${issue.message}`);
    });
  }
  return items;
}

function duplicates<T>(items: T[], keyOf: (t: T) => string | number): (string | number)[] {
  const seen = new Set<string | number>();
  const dups = new Set<string | number>();
  for (const item of items) {
    const k = keyOf(item);
    if (seen.has(k)) dups.add(k);
    seen.add(k);
  }
  return [...dups];
}

/** Reads and checks every content file under `<root>/content`; images are looked up under `<root>/public`, study media under `<root>/media`. */
export function loadContent(root: string): LoadResult {
  const contentDir = path.join(root, 'content');
  const publicDir = path.join(root, 'public');
  const problems: string[] = [];
  const files = (sub: string) => listJson(path.join(contentDir, sub));

  // content/flashcards/retired-keys.json lists the keys of removed cards; it is not a deck
  const retiredFile = path.join(contentDir, 'flashcards', RETIRED_KEYS_FILE);
  const flashcards = readItems(
    files('flashcards').filter((f) => path.resolve(f) !== path.resolve(retiredFile)),
    flashcardSchema,
    problems,
    root,
  );
  const retired = existsSync(retiredFile) ? readItems([retiredFile], retiredKeySchema, problems, root) : [];
  const scenarios = readItems(files('scenarios'), scenarioSchema, problems, root, true);
  const dragDrop = readItems(files('drag-drop'), dragDropSchema, problems, root);
  const sorting = readItems(files('sorting'), sortingSchema, problems, root);
  const videos = readItems(files('videos'), videoSchema, problems, root);
  const badges = readItems(files('badges'), badgeSchema, problems, root);
  const resources = readItems(files('carousel'), resourceSchema, problems, root);

  // study media (/media/...) live under <root>/media, public images (/content/...) under <root>/public
  const imageExists = (url: string) =>
    url.startsWith('/media/')
      ? existsSync(path.join(root, url.replace(/^\//, '')))
      : existsSync(path.join(publicDir, url.replace(/^\//, '')));
  const local = (url: string) => url.startsWith('/');

  for (const k of duplicates(flashcards, (c) => c.key)) problems.push(`flashcards: duplicate key ${k}`);
  for (const k of duplicates(flashcards, (c) => `${c.course_level}|${c.front.toLowerCase()}`))
    problems.push(`flashcards: duplicate front ${k}`);
  // a retired key is never used again: a student's old progress would attach to a different card
  const cardKeys = new Set(flashcards.map((c) => c.key));
  for (const k of duplicates(retired, (r) => r.key)) problems.push(`flashcards: retired key ${k} is listed twice in ${RETIRED_KEYS_FILE}`);
  for (const r of retired) {
    if (cardKeys.has(r.key))
      problems.push(`flashcards: retired key ${r.key} is used again by a card (retired in ${RETIRED_KEYS_FILE}; choose a new key)`);
    if (!cardKeys.has(r.replaced_by))
      problems.push(`flashcards: retired key ${r.key} is replaced by ${r.replaced_by}, which is not a card`);
  }
  for (const card of flashcards)
    if (local(card.front) && /\.(svg|png|jpe?g|webp|gif)$/i.test(card.front) && !imageExists(card.front))
      problems.push(`flashcards ${card.key}: image ${card.front} does not exist`);

  for (const k of duplicates(scenarios, (s) => s.key)) problems.push(`scenarios: duplicate key ${k}`);
  for (const k of duplicates(scenarios, (s) => s.name)) problems.push(`scenarios: duplicate name ${k}`);
  for (const [level, byGroup] of Object.entries(SCENARIO_NAMES_BY_LEVEL))
    for (const [group, names] of Object.entries(byGroup))
      for (const name of names) {
        const s = scenarios.find((x) => x.name === name);
        if (!s) problems.push(`scenarios: "${name}" is missing`);
        else if (s.group !== group) problems.push(`scenarios: "${name}" belongs to group ${group}, not ${s.group}`);
        else if (s.course_level !== level) problems.push(`scenarios: "${name}" is a ${level} scenario, not ${s.course_level}`);
      }
  const named = new Set(Object.values(SCENARIO_NAMES_BY_LEVEL).flatMap((g) => Object.values(g).flat()));
  for (const s of scenarios) if (!named.has(s.name)) problems.push(`scenarios: "${s.name}" (${s.key}) is not one of the scenario names`);
  for (const s of scenarios) {
    if (s.steps.length < 5 || s.steps.length > 8) problems.push(`scenario ${s.key}: has ${s.steps.length} steps (5 to 8)`);
    s.steps.forEach((step, i) => {
      const choices = step.Choices.split(';').map((c) => c.trim());
      if (choices.length < 3 || choices.length > 5) problems.push(`scenario ${s.key} step ${i + 1}: ${choices.length} choices (3 to 5)`);
      if (choices.some((c) => c === '')) problems.push(`scenario ${s.key} step ${i + 1}: an empty choice`);
      if (new Set(choices).size !== choices.length) problems.push(`scenario ${s.key} step ${i + 1}: repeated choice`);
      if (!choices.includes(step['Correct Choice'].trim()))
        problems.push(`scenario ${s.key} step ${i + 1}: the correct choice is not one of the choices`);
    });
  }

  for (const k of duplicates(dragDrop, (d) => d.key)) problems.push(`drag-drop: duplicate key ${k}`);
  for (const k of duplicates(dragDrop, (d) => d.scenario_id)) problems.push(`drag-drop: duplicate scenario_id ${k}`);
  for (const d of dragDrop) {
    if (d.therapies.length < 6 || d.therapies.length > 10) problems.push(`drag-drop ${d.key}: ${d.therapies.length} therapies (6 to 10)`);
    if (!d.therapies.some((t) => t.indicated)) problems.push(`drag-drop ${d.key}: no indicated therapy`);
    if (!d.therapies.some((t) => !t.indicated)) problems.push(`drag-drop ${d.key}: no non-indicated therapy`);
    for (const k of duplicates(d.therapies, (t) => t.therapy_key)) problems.push(`drag-drop ${d.key}: duplicate therapy_key ${k}`);
  }

  for (const k of duplicates(sorting, (q) => q.key)) problems.push(`sorting: duplicate key ${k}`);
  for (const k of duplicates(sorting, (q) => q.question_id)) problems.push(`sorting: duplicate question_id ${k}`);
  for (const q of sorting) {
    const categories = new Set(q.items.map((i) => i.correct_answer));
    if (q.items.length < 4 || q.items.length > 8) problems.push(`sorting ${q.key}: ${q.items.length} items (4 to 8)`);
    if (categories.size < 2 || categories.size > 4) problems.push(`sorting ${q.key}: ${categories.size} categories (2 to 4)`);
    for (const k of duplicates(q.items, (i) => i.key)) problems.push(`sorting ${q.key}: duplicate item key ${k}`);
  }

  for (const k of duplicates(videos, (v) => v.key)) problems.push(`videos: duplicate key ${k}`);
  for (const v of videos)
    for (const url of [v.video_url, v.thumbnail_url])
      if (local(url) && !imageExists(url)) problems.push(`video ${v.key}: ${url} does not exist`);

  for (const k of duplicates(badges, (b) => b.key)) problems.push(`badges: duplicate key ${k}`);
  for (const b of badges) if (!imageExists(b.image_url)) problems.push(`badge ${b.key}: image ${b.image_url} does not exist under public/`);

  for (const k of duplicates(resources, (r) => r.key)) problems.push(`carousel: duplicate key ${k}`);
  // the home carousel shows exactly 6 cards to each level's student (decision 107)
  for (const level of CONTENT_LEVELS) {
    const offered = resources.filter((r) => r.course_level === level || r.course_level === 'Both').length;
    if (offered !== CAROUSEL_CARDS)
      problems.push(`carousel: ${offered} resource cards for ${level} students (the home carousel shows exactly 6)`);
  }
  for (const r of resources)
    if (!imageExists(r.image_url)) problems.push(`carousel ${r.key}: image ${r.image_url} does not exist under public/`);

  // answer-cue bars (content/FORMAT.md "Answer-cue bars"): measured always, problems only where CUE_BARS_ENFORCED says so
  const cues = checkCues({ scenarios, dragDrop, sorting });
  problems.push(...cues.problems);

  // question items: their own folder, checks and cue bars (content/questions.ts)
  const q = loadQuestions(root);
  problems.push(...q.problems);
  if (CUE_BARS_ENFORCED.questions) problems.push(...questionCueProblems(q.cues));
  // the bank's bars (content/FORMAT.md "Bank bars"): measured always, failing where BANK_BARS_ENFORCED says so
  problems.push(...enforcedBankProblems(q.bank));
  // distractor cues (content/FORMAT.md "Distractor cues"): bars at zero, always enforced
  const distractors = checkDistractors(q.questions.items);
  problems.push(...distractorProblems(distractors));

  const body = { flashcards, scenarios, dragDrop, sorting, videos, badges, resources, questions: q.questions };
  const version = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
  return { content: { ...body, version }, problems, cues, questionCues: q.cues, bank: q.bank, distractors };
}

/** The static scenario answers file of docs/product.md §3: steps keyed by scenario name. */
export function scenarioAnswers(content: Content): Record<string, ScenarioContent['steps']> {
  return Object.fromEntries(content.scenarios.map((s) => [s.name, s.steps]));
}
