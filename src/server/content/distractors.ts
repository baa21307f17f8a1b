// Distractor cues of the question items (content/FORMAT.md "Distractor cues"): mirror-image option pairs, throwaway
// distractors and one distractor pattern repeated across a level's dose items. Each lets a test-wise student narrow
// the options without the medicine, so the bars are at zero: every finding is a content problem for content:check.
import type { QuestionItemFile } from '../../shared/questions';

/** Types whose options are answers to pick (the others are rows, steps or cards to place). */
const CHOICE_TYPES: ReadonlySet<QuestionItemFile['type']> = new Set(['single', 'multiple']);

// ---------------------------------------------------------------------------------------------------
// Mirror-image pairs: an option that is another option negated ("Give oxygen" / "Hold oxygen")

/** Openings that negate the action that follows, longest first so that "do not" wins over "do". */
const NEGATIONS = [
  'do not',
  "don't",
  'never',
  'not',
  'no',
  'withhold',
  'hold',
  'avoid',
  'without',
  'stop',
  'delay',
  'defer',
  'omit',
  'skip',
] as const;
/** Verbs that only say "do it", stripped so that "Give oxygen" and "Hold oxygen" compare as "oxygen". */
const AFFIRMATIONS = ['always', 'give', 'do', 'start', 'begin', 'use', 'apply', 'continue', 'administer', 'perform', 'keep'] as const;
/** Where the action of an option ends and its reason or condition begins. */
const CLAUSE_END =
  /[,;:]|\s[-–]\s|\s(?:since|because|until|so|as|while|when|before|after|if|and|then|or|but|unless|only|instead|now|to avoid|which|for)\s/;

const words = (s: string): string[] => s.toLowerCase().match(/[a-z0-9%']+/g) ?? [];

function stripLeading(ws: string[], phrases: readonly string[]): { rest: string[]; stripped: boolean } {
  for (const p of phrases) {
    const pw = p.split(' ');
    if (pw.every((w, i) => ws[i] === w)) return { rest: ws.slice(pw.length), stripped: true };
  }
  return { rest: ws, stripped: false };
}

/** The action an option names, as words: the text up to its first clause boundary. */
export function actionHead(text: string): string[] {
  const t = text.trim().toLowerCase().replace(/\.$/, '');
  return words(t.split(CLAUSE_END)[0] ?? '');
}

interface Parsed {
  negated: boolean;
  /** the action's object, without the negation or an affirming verb */
  core: string[];
}

function parse(text: string): Parsed {
  const head = actionHead(text);
  const neg = stripLeading(head, NEGATIONS);
  return { negated: neg.stripped, core: stripLeading(neg.rest, AFFIRMATIONS).rest };
}

const startsWith = (a: string[], b: string[]): boolean => b.length > 0 && b.every((w, i) => a[i] === w);

export interface MirrorPair {
  /** the option that negates (index into `options`) */
  negated: number;
  /** the option it mirrors */
  other: number;
}

/**
 * Pairs of options where one negates the other's action: the action of the negated option (after "do not", "hold",
 * "withhold", "stop", ...) is the other option's action, or one begins with the other ("Withhold it" / "Give it after
 * checking..."). Only for single and multiple items.
 */
export function mirrorPairs(item: Pick<QuestionItemFile, 'type' | 'options'>): MirrorPair[] {
  if (!CHOICE_TYPES.has(item.type)) return [];
  const parsed = item.options.map((o) => parse(o.text));
  const out: MirrorPair[] = [];
  parsed.forEach((a, i) => {
    if (!a.negated || a.core.length === 0) return;
    parsed.forEach((b, j) => {
      if (i === j || b.negated || b.core.length === 0) return;
      if (startsWith(a.core, b.core) || startsWith(b.core, a.core)) out.push({ negated: i, other: j });
    });
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Throwaway distractors: a wrong option that proposes no care at all

/**
 * The throwaway phrasings. A wrong option matching one is a distractor nobody would choose ("do nothing", "stay
 * home", "wait and see"): it makes the item easier without testing anything. Withholding something for a reason
 * ("Nothing by mouth", "No treatment until medical control confirms the form") is a real decision and not listed.
 */
export const THROWAWAY_PATTERNS: readonly { label: string; re: RegExp }[] = [
  { label: 'do nothing', re: /\bdo nothing\b/i },
  { label: 'stay home', re: /\b(?:stays?|staying) (?:at )?home\b/i },
  { label: 'go home', re: /\b(?:can|may|should|to) go home\b/i },
  { label: 'wait and see', re: /\bwait and see\b|\bwatchful waiting\b/i },
  { label: 'ignore it', re: /^ignore (?:it|them|this|that)\b/i },
  { label: 'take no action', re: /\btake no action\b|\bno action (?:is )?(?:needed|required|necessary)\b/i },
  {
    label: 'no treatment',
    re: /^no treatment\b(?!\s+until)|\bno (?:treatment|care|intervention) (?:is )?(?:needed|required|necessary)\b/i,
  },
  {
    label: 'nothing (more)',
    re: /^(?:do |give |say |offer )?nothing(?: more| else| further)?(?:\s*[,.:;]|\s+(?:since|because|until|as|and|for now|yet)\b|$)/i,
  },
  { label: 'leave the scene', re: /^leave the scene\b/i },
  { label: 'sleep it off', re: /\bsleep it off\b/i },
];

export interface Throwaway {
  option: number;
  label: string;
}

/** The wrong options of a single or multiple item that match a throwaway phrasing. */
export function throwawayOptions(item: Pick<QuestionItemFile, 'type' | 'options'>): Throwaway[] {
  if (!CHOICE_TYPES.has(item.type)) return [];
  const out: Throwaway[] = [];
  item.options.forEach((o, i) => {
    if (o.correct === true) return;
    const hit = THROWAWAY_PATTERNS.find((p) => p.re.test(o.text.trim()));
    if (hit) out.push({ option: i, label: hit.label });
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------
// A distractor pattern repeated across dose items

/** An amount with its unit, not a rate per kilogram ("0.2 mg/kg" is the rule, "1.2 mg" the dose). */
const AMOUNT = /(\d+(?:,\d{3})*(?:\.\d+)?)\s*(mcg|mg|g|mL|mEq|units?|J)\b(?!\/)/;

export function firstAmount(text: string): { value: number; unit: string } | null {
  const m = AMOUNT.exec(text);
  if (!m) return null;
  const value = Number(m[1]!.replace(/,/g, ''));
  return value > 0 ? { value, unit: m[2]!.replace(/s$/, '') } : null;
}

/** The error patterns a dose distractor can repeat: its ratio to the keyed dose. */
export const DOSE_PATTERNS: readonly { label: string; ratios: readonly number[] }[] = [
  { label: 'tenfold (decimal point) error', ratios: [10, 0.1] },
  { label: 'twofold error', ratios: [2, 0.5] },
  { label: 'thousandfold (mg/mcg) error', ratios: [1000, 0.001] },
];

const near = (x: number, target: number): boolean => Math.abs(x / target - 1) <= 0.02;

/** The drug an option names first ("Midazolam 5 mg IM"), or '' when it opens with the amount ("0.5 mg IM into ..."). */
const drugWord = (text: string): string => {
  const first = text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return /^[a-z]/.test(first) ? first : '';
};

/**
 * A dose item: a single item whose key and at least two wrong options of the same drug each state an amount in the
 * key's unit (a wrong drug's dose is not a dose error).
 * Returns the patterns its distractors show (each once), or null when it is not a dose item.
 */
export function dosePatternsOf(item: Pick<QuestionItemFile, 'type' | 'options'>): string[] | null {
  if (item.type !== 'single') return null;
  const keyed = item.options.find((o) => o.correct === true);
  const key = keyed ? firstAmount(keyed.text) : null;
  if (!key) return null;
  const drug = drugWord(keyed!.text);
  const ratios = item.options
    .filter((o) => o.correct !== true && drugWord(o.text) === drug)
    .map((o) => firstAmount(o.text))
    .filter((a): a is { value: number; unit: string } => a !== null && a.unit === key.unit)
    .map((a) => a.value / key.value);
  if (ratios.length < 2) return null;
  return DOSE_PATTERNS.filter((p) => ratios.some((r) => p.ratios.some((t) => near(r, t)))).map((p) => p.label);
}

/**
 * A pattern is repeated when more than this share of a level's dose items show it (and the level has at least
 * `minDoseItems`): a student who has seen a few such items can then find the key as the dose whose tenfold (or
 * double) is also offered.
 */
export const DOSE_PATTERN_BARS = { maxShare: 1 / 3, minDoseItems: 6 } as const;

export interface DoseFigures {
  level: string;
  doseItems: number;
  /** per pattern label, the keys of the dose items that show it */
  byPattern: Record<string, string[]>;
}

export function measureDosePatterns(items: readonly QuestionItemFile[], level: string): DoseFigures {
  const byPattern: Record<string, string[]> = Object.fromEntries(DOSE_PATTERNS.map((p) => [p.label, [] as string[]]));
  let doseItems = 0;
  for (const i of items) {
    if (i.course_level !== level) continue;
    const patterns = dosePatternsOf(i);
    if (!patterns) continue;
    doseItems++;
    for (const p of patterns) byPattern[p]!.push(i.key);
  }
  return { level, doseItems, byPattern };
}

/** The repeated patterns of a level, one sentence each. */
export function dosePatternProblems(f: DoseFigures): string[] {
  if (f.doseItems < DOSE_PATTERN_BARS.minDoseItems) return [];
  return Object.entries(f.byPattern)
    .filter(([, keys]) => keys.length > f.doseItems * DOSE_PATTERN_BARS.maxShare)
    .map(
      ([label, keys]) =>
        `questions ${f.level}: a ${label} is a distractor in ${keys.length} of ${f.doseItems} dose items (bar: at most a third); ` +
        `vary the wrong doses of some of: ${keys.join(', ')}`,
    );
}

// ---------------------------------------------------------------------------------------------------
// All of it, for content:check

export interface DistractorFindings {
  mirror: string[];
  throwaway: string[];
  dose: DoseFigures[];
}

export function checkDistractors(items: readonly QuestionItemFile[]): DistractorFindings {
  const mirror: string[] = [];
  const throwaway: string[] = [];
  for (const i of items) {
    for (const p of mirrorPairs(i))
      mirror.push(
        `questions ${i.key}: mirror-image options: "${i.options[p.negated]!.text}" negates "${i.options[p.other]!.text}" (rewrite one as a different wrong action)`,
      );
    for (const t of throwawayOptions(i))
      throwaway.push(
        `questions ${i.key}: throwaway distractor ("${t.label}"): "${i.options[t.option]!.text}" (rewrite it as a reasonable wrong action)`,
      );
  }
  return { mirror, throwaway, dose: ['EMT', 'Paramedic'].map((level) => measureDosePatterns(items, level)) };
}

export function distractorProblems(f: DistractorFindings): string[] {
  return [...f.mirror, ...f.throwaway, ...f.dose.flatMap(dosePatternProblems)];
}

/** What content:check prints. */
export function distractorLines(f: DistractorFindings): string[] {
  const state = (n: number) => `[${n ? 'FAIL' : 'ok'}]`;
  return [
    `mirror-image option pairs: ${f.mirror.length} (bar 0) ${state(f.mirror.length)}`,
    `throwaway distractors: ${f.throwaway.length} (bar 0) ${state(f.throwaway.length)}`,
    ...f.dose.map((d) => {
      const parts = Object.entries(d.byPattern).map(([label, keys]) => `${label} ${keys.length}`);
      return `dose items ${d.level}: ${d.doseItems}; distractor patterns ${parts.join(', ')} (bar: none in more than a third) ${state(dosePatternProblems(d).length)}`;
    }),
  ];
}
