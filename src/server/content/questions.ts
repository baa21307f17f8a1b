// Question items (docs/product.md §10.4): content/questions/<level>/*.json, cases in cases*.json, retired keys in
// content/questions/retired-keys.json (format: content/FORMAT.md "questions/<level>/").
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ZodType } from 'zod';
import type { ContentLevel } from '../../shared/constants';
import {
  checkQuestionContent,
  measureSingleItems,
  questionCaseFileSchema,
  questionItemFileSchema,
  retiredQuestionKeySchema,
  type CaseInFile,
  type ItemInFile,
  type QuestionCaseFile,
  type QuestionItemFile,
  type RetiredQuestionKey,
  type SingleCue,
} from '../../shared/questions';
import { measureBank, type BankFigures } from './bank';

export const QUESTION_FOLDERS: Record<string, ContentLevel> = { emt: 'EMT', paramedic: 'Paramedic' };
export const RETIRED_QUESTIONS_FILE = 'retired-keys.json';

export interface QuestionContent {
  items: QuestionItemFile[];
  cases: QuestionCaseFile[];
  retired: RetiredQuestionKey[];
}

/** The answer-cue bars of single items, per level (QFORMAT / content/FORMAT.md). */
export const QUESTION_CUE_BARS = { keyedLongestMaxShare: 0.3, withinRatioMinShare: 0.9, keyedToWrongMaxRatio: 1.5 } as const;

export interface QuestionCueFigures {
  level: ContentLevel;
  singles: number;
  keyedLongest: SingleCue[];
  overRatio: SingleCue[];
}

export interface QuestionLoadResult {
  questions: QuestionContent;
  problems: string[];
  cues: QuestionCueFigures[];
  /** the bank's size, shape and quality figures per level (bank.ts) */
  bank: BankFigures[];
}

function readArray<T>(file: string, rel: string, schema: ZodType<T>, problems: string[], label: (raw: unknown, i: number) => string): T[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    problems.push(`${rel}: not valid JSON (${(e as Error).message})`);
    return [];
  }
  if (!Array.isArray(raw)) {
    problems.push(`${rel}: expected a JSON array`);
    return [];
  }
  const out: T[] = [];
  raw.forEach((entry, i) => {
    const parsed = schema.safeParse(entry);
    if (parsed.success) out.push(parsed.data);
    else
      for (const issue of parsed.error.issues)
        problems.push(`${rel} ${label(entry, i)}: format: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
  });
  return out;
}

const keyLabel = (raw: unknown, i: number) => {
  const key = (raw as { key?: unknown } | null)?.key;
  return typeof key === 'string' && key ? key : `[${i}]`;
};

/** Reads and checks every question file under `<root>/content/questions`; images are looked up under `mediaDir` (`<root>/media`). */
export function loadQuestions(root: string, mediaDir = path.join(root, 'media')): QuestionLoadResult {
  const dir = path.join(root, 'content', 'questions');
  const problems: string[] = [];
  const items: ItemInFile[] = [];
  const cases: CaseInFile[] = [];
  let retired: RetiredQuestionKey[] = [];
  if (existsSync(dir)) {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = path.posix.join('content/questions', entry.name);
      if (entry.isFile()) {
        if (entry.name === RETIRED_QUESTIONS_FILE)
          retired = readArray(path.join(dir, entry.name), rel, retiredQuestionKeySchema, problems, keyLabel);
        else problems.push(`${rel}: question files go in content/questions/emt/ or content/questions/paramedic/`);
        continue;
      }
      if (!QUESTION_FOLDERS[entry.name]) {
        problems.push(`${rel}/: unknown level folder (emt or paramedic)`);
        continue;
      }
      for (const f of readdirSync(path.join(dir, entry.name)).sort()) {
        if (!f.endsWith('.json')) continue;
        const file = path.join(dir, entry.name, f);
        const frel = `${rel}/${f}`;
        if (f.startsWith('cases'))
          for (const c of readArray(file, frel, questionCaseFileSchema, problems, keyLabel)) cases.push({ file: frel, case: c });
        else for (const item of readArray(file, frel, questionItemFileSchema, problems, keyLabel)) items.push({ file: frel, item });
      }
    }
  }
  problems.push(
    ...checkQuestionContent({
      items,
      cases,
      retired,
      imageExists: (p) => existsSync(path.join(mediaDir, p)),
      folderLevel: (file) => QUESTION_FOLDERS[file.split('/')[2] ?? ''] ?? null,
    }),
  );
  const seenRetired = new Set<string>();
  for (const r of retired) {
    if (seenRetired.has(r.key)) problems.push(`content/questions/${RETIRED_QUESTIONS_FILE} ${r.key}: listed twice`);
    seenRetired.add(r.key);
  }
  const cues = (['EMT', 'Paramedic'] as const).map((level) => {
    const measured = measureSingleItems(items.filter((i) => i.item.course_level === level).map((i) => i.item));
    return {
      level,
      singles: measured.length,
      keyedLongest: measured.filter((m) => m.keyedLongest),
      overRatio: measured.filter((m) => !m.withinRatio),
    };
  });
  const allItems = items.map((i) => i.item);
  const allCases = cases.map((c) => c.case);
  return {
    questions: { items: allItems, cases: allCases, retired },
    problems,
    cues,
    bank: (['EMT', 'Paramedic'] as const).map((level) => measureBank(allItems, allCases, level)),
  };
}

/** The bars not met, one problem each (enforced by cues.ts's CUE_BARS_ENFORCED.questions). */
export function questionCueProblems(figures: QuestionCueFigures[]): string[] {
  const out: string[] = [];
  for (const f of figures) {
    if (f.singles === 0) continue;
    const pct = (n: number) => ((100 * n) / f.singles).toFixed(1);
    // at most 30 %: longest * 10 <= singles * 3
    if (f.keyedLongest.length * 10 > f.singles * 3)
      out.push(
        `questions ${f.level}: the keyed option is the single longest in ${f.keyedLongest.length} of ${f.singles} single items (${pct(f.keyedLongest.length)} %, bar: at most 30 %): ${f.keyedLongest.map((c) => c.key).join(', ')}`,
      );
    if ((f.singles - f.overRatio.length) * 10 < f.singles * 9)
      out.push(
        `questions ${f.level}: the keyed option is within 1.5x the mean distractor length in ${f.singles - f.overRatio.length} of ${f.singles} single items (${pct(f.singles - f.overRatio.length)} %, bar: at least 90 %); over it: ${f.overRatio.map((c) => c.key).join(', ')}`,
      );
  }
  return out;
}

export function questionCueLines(figures: QuestionCueFigures[], enforced: boolean): string[] {
  return figures.map((f) => {
    const pct = (n: number) => (f.singles ? ((100 * n) / f.singles).toFixed(1) : '0.0');
    const failing = questionCueProblems([f]).length > 0;
    return (
      `questions ${f.level}, ${f.singles} single items: keyed option single longest in ${f.keyedLongest.length} (${pct(f.keyedLongest.length)} %, bar <= 30 %); ` +
      `within 1.5x the mean distractor length in ${f.singles - f.overRatio.length} (${pct(f.singles - f.overRatio.length)} %, bar >= 90 %) [${failing ? 'FAIL' : 'ok'}${enforced ? '' : ', not enforced'}]`
    );
  });
}
