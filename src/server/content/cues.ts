// Answer-cue measures of the study items (content/FORMAT.md "Answer-cue bars"). A student
// must not be able to pick the key by its length or find a sorting entry's column in its own words.
// Lengths are characters (Unicode code points) after trimming.
import type { DragDropContent, ScenarioContent, SortingContent } from './schemas';

/**
 * Whether a bar that is not met is a content problem (content:check and content:import fail) or only
 * printed. Every bar is on; turn one off here only while its items are being rewritten.
 */
export const CUE_BARS_ENFORCED: Readonly<Record<'scenarios' | 'dragDrop' | 'sorting' | 'questions', boolean>> = {
  scenarios: true,
  dragDrop: true,
  sorting: true,
  /** question items (docs/product.md §10.4): single items per level, measured in content/questions.ts */
  questions: true,
};

/** The bars (content/FORMAT.md). */
export const CUE_BARS = {
  /** scenarios, over all steps: keyed choice is the single longest option in at most this share of steps */
  keyedLongestMaxShare: 0.3,
  /** scenarios: the keyed choice is at most this many times the mean wrong-option length ... */
  keyedToWrongMaxRatio: 1.5,
  /** ... in at least this share of steps */
  withinRatioMinShare: 0.9,
  /** drag and drop, per question: mean indicated / mean not-indicated therapy length at most this */
  dragDropMaxRatio: 1.25,
} as const;

/** Characters after trimming (code points, so a character outside the BMP counts once, as in Python). */
export const textLength = (s: string): number => [...s.trim()].length;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const pct = (n: number, of: number) => (of === 0 ? '0.0' : ((100 * n) / of).toFixed(1));

// ---------------------------------------------------------------------------------------------------
// Clinical scenarios

export interface ScenarioStepCue {
  scenario: string;
  /** 1-based */
  step: number;
  keyLength: number;
  meanWrongLength: number;
  maxWrongLength: number;
  /** keyed choice strictly longer than every wrong option */
  keyedLongest: boolean;
  /** keyed length <= 1.5 x mean wrong-option length */
  withinRatio: boolean;
}

export interface ScenarioCueFigures {
  steps: number;
  keyedLongest: number;
  withinRatio: number;
  perStep: ScenarioStepCue[];
}

/** Measures every step whose keyed choice is one of its choices (other steps are load problems already). */
export function measureScenarios(scenarios: Pick<ScenarioContent, 'key' | 'steps'>[]): ScenarioCueFigures {
  const perStep: ScenarioStepCue[] = [];
  for (const s of scenarios)
    s.steps.forEach((step, i) => {
      const options = step.Choices.split(';').map((c) => c.trim());
      const key = step['Correct Choice'].trim();
      const wrong = options.filter((o) => o !== key).map(textLength);
      if (!options.includes(key) || wrong.length === 0) return;
      const keyLength = textLength(key);
      const maxWrong = Math.max(...wrong);
      perStep.push({
        scenario: s.key,
        step: i + 1,
        keyLength,
        meanWrongLength: sum(wrong) / wrong.length,
        maxWrongLength: maxWrong,
        keyedLongest: keyLength > maxWrong,
        // L <= 1.5 x mean(wrong), in integers: 2 L n <= 3 sum(wrong)
        withinRatio: 2 * keyLength * wrong.length <= 3 * sum(wrong),
      });
    });
  return {
    steps: perStep.length,
    keyedLongest: perStep.filter((s) => s.keyedLongest).length,
    withinRatio: perStep.filter((s) => s.withinRatio).length,
    perStep,
  };
}

/** "airway-respiratory-1 steps 1, 3; cardiology-1 step 2" */
function listSteps(steps: ScenarioStepCue[]): string {
  const byScenario = new Map<string, number[]>();
  for (const s of steps) byScenario.set(s.scenario, [...(byScenario.get(s.scenario) ?? []), s.step]);
  return [...byScenario].map(([k, n]) => `${k} step${n.length > 1 ? 's' : ''} ${n.join(', ')}`).join('; ');
}

export function scenarioCueProblems(f: ScenarioCueFigures): string[] {
  const problems: string[] = [];
  // at most 30 %: longest / steps <= 3/10
  if (f.keyedLongest * 10 > f.steps * 3)
    problems.push(
      `scenarios: the keyed choice is the single longest option in ${f.keyedLongest} of ${f.steps} steps (${pct(f.keyedLongest, f.steps)} %, bar: at most 30 %): ` +
        listSteps(f.perStep.filter((s) => s.keyedLongest)),
    );
  // at least 90 %: within / steps >= 9/10
  if (f.withinRatio * 10 < f.steps * 9)
    problems.push(
      `scenarios: the keyed choice is within 1.5x the mean wrong-option length in ${f.withinRatio} of ${f.steps} steps (${pct(f.withinRatio, f.steps)} %, bar: at least 90 %); over it: ` +
        listSteps(f.perStep.filter((s) => !s.withinRatio)),
    );
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Drag and drop

export interface DragDropCue {
  key: string;
  meanIndicated: number;
  meanNotIndicated: number;
  ratio: number;
  overBar: boolean;
}

export interface DragDropCueFigures {
  questions: number;
  perQuestion: DragDropCue[];
  worst: DragDropCue | null;
  over: DragDropCue[];
}

/** Measures every question with at least one indicated and one not-indicated therapy. */
export function measureDragDrop(questions: Pick<DragDropContent, 'key' | 'therapies'>[]): DragDropCueFigures {
  const perQuestion: DragDropCue[] = [];
  for (const q of questions) {
    const ind = q.therapies.filter((t) => t.indicated).map((t) => textLength(t.therapy_name));
    const not = q.therapies.filter((t) => !t.indicated).map((t) => textLength(t.therapy_name));
    if (ind.length === 0 || not.length === 0 || sum(not) === 0) continue;
    const meanIndicated = sum(ind) / ind.length;
    const meanNotIndicated = sum(not) / not.length;
    perQuestion.push({
      key: q.key,
      meanIndicated,
      meanNotIndicated,
      ratio: meanIndicated / meanNotIndicated,
      // mean(ind) / mean(not) <= 5/4, in integers: 4 sum(ind) n(not) <= 5 sum(not) n(ind)
      overBar: 4 * sum(ind) * not.length > 5 * sum(not) * ind.length,
    });
  }
  const worst = perQuestion.reduce<DragDropCue | null>((w, q) => (w === null || q.ratio > w.ratio ? q : w), null);
  return { questions: perQuestion.length, perQuestion, worst, over: perQuestion.filter((q) => q.overBar) };
}

export function dragDropCueProblems(f: DragDropCueFigures): string[] {
  return f.over.map(
    (q) =>
      `drag-drop ${q.key}: indicated therapies average ${q.meanIndicated.toFixed(1)} characters, not-indicated ${q.meanNotIndicated.toFixed(1)} (ratio ${q.ratio.toFixed(2)}, bar: at most 1.25)`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Sorting

/** Words that never count as a cue, whatever their length. */
export const CUE_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'with without from into onto than then that this these those there their them they were have been ' +
    'does done also only over under after before during more less most least very each both other some ' +
    'such when where which while what about within upon between through same like just will your'
  ).split(' '),
);

/** A simple stem: plural -s/-es/-ies, -ing and -ed endings (opens / opening -> open, arteries -> artery). */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(ches|shes|sses|xes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length - 3 >= 4 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length - 2 >= 4 && w.endsWith('ed')) w = w.slice(0, -2);
  return w;
}

/** The words of a text: runs of letters (hyphens and digits split words), lowercased. */
export const words = (text: string): string[] => text.toLowerCase().match(/\p{L}+/gu) ?? [];

/**
 * The words of a column label that give that column away: at least 4 letters, not a stop word, and
 * (by stem) not in every other column label of the question — "shock" in "Compensated shock" and
 * "Decompensated shock" tells nothing, "compensated" does. Returned as stems.
 */
export function significantWords(column: string, otherColumns: string[]): string[] {
  const others = otherColumns.map((c) => new Set(words(c).map(stem)));
  const result = new Set<string>();
  for (const w of words(column)) {
    if (w.length < 4 || CUE_STOP_WORDS.has(w)) continue;
    const s = stem(w);
    if (others.length > 0 && others.every((o) => o.has(s))) continue;
    result.add(s);
  }
  return [...result];
}

/**
 * The significant column words an entry contains: same stem, or the entry's word is a compound ending
 * in a column word of 6 or more letters ("idioventricular" names "Ventricular").
 */
export function cueWordsIn(entry: string, significant: string[]): string[] {
  const entryStems = words(entry).map(stem);
  return significant.filter((c) => entryStems.some((e) => e === c || (c.length >= 6 && e.endsWith(c))));
}

const normalizeLabel = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const parenthesised = (s: string) => [...s.matchAll(/\(([^()]+)\)/g)].map((m) => normalizeLabel(m[1]!));

export interface SortingCue {
  question: string;
  item: string;
  text: string;
  column: string;
  /** significant words of its own column the entry contains */
  ownColumnWords: string[];
  /** column names the entry's parenthesised labels equal, e.g. "(Wenckebach)" */
  labelColumns: string[];
}

export interface SortingCueFigures {
  entries: number;
  /** entries that contain a significant word of their own column */
  selfAnswering: SortingCue[];
  /** entries with a parenthesised label equal to a column's name (or to a column's parenthesised part) */
  columnLabels: SortingCue[];
}

export function measureSorting(questions: Pick<SortingContent, 'key' | 'items'>[]): SortingCueFigures {
  const flagged: SortingCue[] = [];
  let entries = 0;
  for (const q of questions) {
    const columns = [...new Set(q.items.map((i) => i.correct_answer.trim()))];
    const names = new Map<string, string>(); // normalized name or parenthesised part -> column
    for (const c of columns)
      for (const name of [normalizeLabel(c), normalizeLabel(c.replace(/\([^()]*\)/g, ' ')), ...parenthesised(c)])
        if (name) names.set(name, c);
    for (const item of q.items) {
      entries++;
      const column = item.correct_answer.trim();
      const own = cueWordsIn(
        item.medication,
        significantWords(
          column,
          columns.filter((c) => c !== column),
        ),
      );
      const labelColumns = [...new Set(parenthesised(item.medication).flatMap((p) => (p && names.has(p) ? [names.get(p)!] : [])))];
      if (own.length || labelColumns.length)
        flagged.push({ question: q.key, item: item.key, text: item.medication, column, ownColumnWords: own, labelColumns });
    }
  }
  return {
    entries,
    selfAnswering: flagged.filter((f) => f.ownColumnWords.length > 0),
    columnLabels: flagged.filter((f) => f.labelColumns.length > 0),
  };
}

export function sortingCueProblems(f: SortingCueFigures): string[] {
  return [
    ...f.selfAnswering.map(
      (e) =>
        `sorting ${e.question} item ${e.item}: "${e.text}" contains "${e.ownColumnWords.join('", "')}" of its own column "${e.column}"`,
    ),
    ...f.columnLabels.map(
      (e) =>
        `sorting ${e.question} item ${e.item}: "${e.text}" has a label in parentheses naming the column "${e.labelColumns.join('", "')}"`,
    ),
  ];
}

// ---------------------------------------------------------------------------------------------------

export interface CueReport {
  scenarios: ScenarioCueFigures;
  dragDrop: DragDropCueFigures;
  sorting: SortingCueFigures;
  /** every bar not met, enforced or not */
  failures: { scenarios: string[]; dragDrop: string[]; sorting: string[] };
  /** the failures of the enforced bars: content problems */
  problems: string[];
  /** the figures, one line each, for content:check to print */
  lines: string[];
}

export function checkCues(
  content: {
    scenarios: Pick<ScenarioContent, 'key' | 'steps'>[];
    dragDrop: Pick<DragDropContent, 'key' | 'therapies'>[];
    sorting: Pick<SortingContent, 'key' | 'items'>[];
  },
  enforced: Readonly<Record<'scenarios' | 'dragDrop' | 'sorting', boolean>> = CUE_BARS_ENFORCED,
): CueReport {
  const scenarios = measureScenarios(content.scenarios);
  const dragDrop = measureDragDrop(content.dragDrop);
  const sorting = measureSorting(content.sorting);
  const failures = {
    scenarios: scenarioCueProblems(scenarios),
    dragDrop: dragDropCueProblems(dragDrop),
    sorting: sortingCueProblems(sorting),
  };
  const status = (bar: keyof typeof failures) => `${failures[bar].length ? 'FAIL' : 'ok'}${enforced[bar] ? '' : ', not enforced'}`;
  const lines = [
    `scenarios, ${scenarios.steps} steps: keyed choice single longest in ${scenarios.keyedLongest} (${pct(scenarios.keyedLongest, scenarios.steps)} %, bar <= 30 %); ` +
      `within 1.5x the mean wrong-option length in ${scenarios.withinRatio} (${pct(scenarios.withinRatio, scenarios.steps)} %, bar >= 90 %) [${status('scenarios')}]`,
    `drag-drop, ${dragDrop.questions} questions: worst indicated/not-indicated length ratio ${dragDrop.worst ? `${dragDrop.worst.ratio.toFixed(2)} (${dragDrop.worst.key})` : '-'}; ` +
      `over 1.25 in ${dragDrop.over.length} [${status('dragDrop')}]`,
    `sorting, ${sorting.entries} entries: self-answering ${sorting.selfAnswering.length}, parenthesised labels naming a column ${sorting.columnLabels.length} (bar 0 and 0) [${status('sorting')}]`,
  ];
  const problems = (Object.keys(failures) as (keyof typeof failures)[]).flatMap((bar) => (enforced[bar] ? failures[bar] : []));
  return { scenarios, dragDrop, sorting, failures, problems, lines };
}
