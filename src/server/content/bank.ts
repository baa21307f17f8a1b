// The question bank's bars (content/FORMAT.md "Bank bars"): size and shape per level, the multiple-response length cue, the
// difficulty spread, and the exam reserve. Measured over the shipped bank by content:check; content/FORMAT.md
// "Bank bars".
import type { ContentLevel } from '../../shared/constants';
import {
  EXAM_BLUEPRINT,
  QUESTION_TYPES,
  itemPool,
  type QuestionCaseFile,
  type QuestionItemFile,
  type QuestionPool,
} from '../../shared/questions';

/**
 * The bars, per level. Domain shares may lie up to `domainSlackPoints` outside the blueprint's range
 * (docs/product.md §11; content/FORMAT.md "Bank bars": "within 4 points of its range").
 */
export const BANK_BARS = {
  minItems: 600,
  domainSlackPoints: 4,
  /** minimum shares of all items, in percent */
  minMultiplePct: 10,
  minBuildListPct: 5,
  minTableAndDragPct: 5,
  minPediatricPct: 12,
  minCaseSets: { EMT: 20, Paramedic: 40 } satisfies Record<ContentLevel, number>,
  /** Paramedic items on an ECG strip (an image under media/ekg/) */
  minEcgItems: { EMT: 0, Paramedic: 40 } satisfies Record<ContentLevel, number>,
  /** multiple response: mean length of keyed options / mean length of wrong options, over the level */
  multipleKeyedToWrongMaxRatio: 1.3,
  /** no domain with more than this share of its items at one difficulty ... */
  maxShareAtOneDifficulty: 0.5,
  /**
   * the exam reserve (`pool: "exam"`): at least this share of every domain's items, in percent, so that a
   * student who has seen every practice item still sits a full exam (decision 081)
   */
  minExamPoolPct: 30,
} as const;

/**
 * Which bars make content:check fail: `quality` (the multiple-response cue and the difficulty spread),
 * `shape` (size, domain, type and pediatric shares, case sets, ECG items) and `pool` (the exam reserve's
 * share of every domain). All are on; turn one off here only while the bank is being rebuilt.
 */
export type BankBarKind = 'quality' | 'shape' | 'pool';
export const BANK_BARS_ENFORCED: Readonly<Record<BankBarKind, boolean>> = { quality: true, shape: true, pool: true };

/**
 * The full bank's targets (content/FORMAT.md "Bank targets"): what a level needs for a blueprint-balanced exam on
 * items a student has never practised. Today's bank is about half of it, so content:check prints every target
 * with its count and does not fail on them (decision 100) until `BANK_TARGETS_ENFORCED` is turned on, or
 * `content:check --enforce-targets` asks for them.
 */
export const BANK_TARGETS = {
  minItems: 1200,
  /** items in the exam reserve (`pool: "exam"`) */
  minExamItems: 450,
  minPediatricPct: 15,
  minMultiplePct: 10,
  minBuildListPct: 5,
  minTableAndDragPct: 10,
  minEcgItems: { EMT: 0, Paramedic: 80 } satisfies Record<ContentLevel, number>,
  /** distinct strips (images under ekg/) those items use */
  minEcgStrips: { EMT: 0, Paramedic: 45 } satisfies Record<ContentLevel, number>,
  minCaseSets: { EMT: 40, Paramedic: 90 } satisfies Record<ContentLevel, number>,
  /** the domain whose every item belongs to a case set, per level */
  caseBasedDomain: { EMT: null, Paramedic: 'Clinical Judgment' } satisfies Record<ContentLevel, string | null>,
} as const;
/** Off until the bank reaches the targets (decision 100); then on, and the targets become bars. */
export const BANK_TARGETS_ENFORCED = false;

const chars = (s: string): number => [...s.trim()].length;
const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const pct = (n: number, of: number): number => (of === 0 ? 0 : (100 * n) / of);
const fmt = (x: number): string => x.toFixed(1);

export interface DomainFigures {
  name: string;
  /** blueprint range, percent */
  min: number;
  max: number;
  items: number;
  sharePct: number;
  /** items per author difficulty 1..5 */
  byDifficulty: [number, number, number, number, number];
  byType: Record<QuestionItemFile['type'], number>;
  /** items in the exam reserve (`pool: "exam"`); the rest are practice */
  exam: number;
  /** items per pool x type x difficulty 1..5 */
  cube: Record<QuestionPool, Record<QuestionItemFile['type'], [number, number, number, number, number]>>;
  /** items that belong to a case set */
  inCase: number;
}

export interface BankFigures {
  level: ContentLevel;
  items: number;
  domains: DomainFigures[];
  byType: Record<QuestionItemFile['type'], number>;
  pediatric: number;
  caseSets: number;
  ecgItems: number;
  /** keyed / wrong mean option length over the multiple-response items (0 when there are none) */
  multipleRatio: number;
  multipleItems: number;
  /** items in the exam reserve */
  examItems: number;
  /** distinct ECG strips the ECG items use */
  ecgStrips: number;
}

type Cube = DomainFigures['cube'];
function cubeOf(items: readonly QuestionItemFile[]): Cube {
  const empty = () =>
    Object.fromEntries(QUESTION_TYPES.map((t) => [t, [0, 0, 0, 0, 0]])) as Record<
      QuestionItemFile['type'],
      [number, number, number, number, number]
    >;
  const cube: Cube = { practice: empty(), exam: empty() };
  for (const i of items) cube[itemPool(i)][i.type][i.difficulty - 1]!++;
  return cube;
}

export function measureBank(items: QuestionItemFile[], cases: QuestionCaseFile[], level: ContentLevel): BankFigures {
  const mine = items.filter((i) => i.course_level === level);
  const countTypes = (of: QuestionItemFile[]) => {
    const counts = { single: 0, multiple: 0, build_list: 0, options_table: 0, drag_drop: 0 };
    for (const i of of) counts[i.type]++;
    return counts;
  };
  const byType = countTypes(mine);
  const domains = EXAM_BLUEPRINT[level].domains.map((d): DomainFigures => {
    const inDomain = mine.filter((i) => i.domain === d.name);
    const at = (level: number) => inDomain.filter((i) => i.difficulty === level).length;
    const byDifficulty: DomainFigures['byDifficulty'] = [at(1), at(2), at(3), at(4), at(5)];
    return {
      name: d.name,
      min: d.min,
      max: d.max,
      items: inDomain.length,
      sharePct: pct(inDomain.length, mine.length),
      byDifficulty,
      byType: countTypes(inDomain),
      exam: inDomain.filter((i) => itemPool(i) === 'exam').length,
      cube: cubeOf(inDomain),
      inCase: inDomain.filter((i) => i.case !== undefined).length,
    };
  });
  const multiple = mine.filter((i) => i.type === 'multiple');
  const keyed = multiple.flatMap((i) => i.options.filter((o) => o.correct === true).map((o) => chars(o.text)));
  const wrong = multiple.flatMap((i) => i.options.filter((o) => o.correct !== true).map((o) => chars(o.text)));
  return {
    level,
    items: mine.length,
    domains,
    byType,
    pediatric: mine.filter((i) => i.pediatric).length,
    caseSets: cases.filter((c) => c.course_level === level).length,
    ecgItems: mine.filter((i) => i.image?.startsWith('ekg/')).length,
    multipleRatio: wrong.length ? mean(keyed) / mean(wrong) : 0,
    multipleItems: multiple.length,
    examItems: mine.filter((i) => itemPool(i) === 'exam').length,
    ecgStrips: new Set(mine.flatMap((i) => (i.image?.startsWith('ekg/') ? [i.image] : []))).size,
  };
}

export type BankProblems = Record<BankBarKind, string[]>;

/** Every bar the figures miss, as one sentence each, split by kind (BANK_BARS_ENFORCED). */
export function bankProblems(f: BankFigures): BankProblems {
  const quality: string[] = [];
  const shape: string[] = [];
  const at = `questions ${f.level}`;
  const B = BANK_BARS;

  if (f.multipleItems > 0 && f.multipleRatio > B.multipleKeyedToWrongMaxRatio)
    quality.push(
      `${at}: in multiple-response items the keyed options are ${f.multipleRatio.toFixed(2)}x as long as the wrong ones on average (bar: at most ${B.multipleKeyedToWrongMaxRatio}x)`,
    );
  for (const d of f.domains) {
    if (d.items === 0) continue;
    const most = Math.max(...d.byDifficulty);
    if (most > d.items * B.maxShareAtOneDifficulty) {
      const level = d.byDifficulty.indexOf(most) + 1;
      quality.push(
        `${at} ${d.name}: ${most} of ${d.items} items are at difficulty ${level} (${fmt(pct(most, d.items))} %, bar: at most ${100 * B.maxShareAtOneDifficulty} % at one difficulty)`,
      );
    }
    const easy = d.byDifficulty[0] + d.byDifficulty[1];
    const hard = d.byDifficulty[3] + d.byDifficulty[4];
    if (easy === 0 || hard === 0)
      quality.push(
        `${at} ${d.name}: no ${easy === 0 ? 'easy (difficulty 1-2)' : 'hard (difficulty 4-5)'} items (every domain covers easy to hard)`,
      );
  }

  if (f.items < B.minItems) shape.push(`${at}: ${f.items} items (bar: at least ${B.minItems})`);
  for (const d of f.domains) {
    const lo = d.min - B.domainSlackPoints;
    const hi = d.max + B.domainSlackPoints;
    if (d.sharePct < lo || d.sharePct > hi)
      shape.push(`${at} ${d.name}: ${fmt(d.sharePct)} % of items (blueprint ${d.min}-${d.max} %, bar: ${lo}-${hi} %)`);
  }
  const share = (n: number) => pct(n, f.items);
  if (share(f.byType.multiple) < B.minMultiplePct)
    shape.push(`${at}: multiple response ${fmt(share(f.byType.multiple))} % of items (bar: at least ${B.minMultiplePct} %)`);
  if (share(f.byType.build_list) < B.minBuildListPct)
    shape.push(`${at}: build list ${fmt(share(f.byType.build_list))} % of items (bar: at least ${B.minBuildListPct} %)`);
  const tableDrag = f.byType.options_table + f.byType.drag_drop;
  if (share(tableDrag) < B.minTableAndDragPct)
    shape.push(`${at}: options table and drag and drop ${fmt(share(tableDrag))} % of items (bar: at least ${B.minTableAndDragPct} %)`);
  if (share(f.pediatric) < B.minPediatricPct)
    shape.push(`${at}: pediatric ${fmt(share(f.pediatric))} % of items (bar: at least ${B.minPediatricPct} %)`);
  if (f.caseSets < B.minCaseSets[f.level]) shape.push(`${at}: ${f.caseSets} case sets (bar: at least ${B.minCaseSets[f.level]})`);
  if (f.ecgItems < B.minEcgItems[f.level])
    shape.push(`${at}: ${f.ecgItems} items on an ECG strip (bar: at least ${B.minEcgItems[f.level]})`);

  const pool: string[] = [];
  for (const d of f.domains)
    // at least 30 %: exam * 100 >= items * 30 (in integers)
    if (d.items > 0 && d.exam * 100 < d.items * B.minExamPoolPct)
      pool.push(
        `${at} ${d.name}: ${d.exam} of ${d.items} items in the exam pool (${fmt(pct(d.exam, d.items))} %, bar: at least ${B.minExamPoolPct} %)`,
      );
  return { quality, shape, pool };
}

/** The problems that fail content:check under `enforced`. */
export function enforcedBankProblems(figures: BankFigures[], enforced = BANK_BARS_ENFORCED, targets = BANK_TARGETS_ENFORCED): string[] {
  return figures.flatMap((f) => {
    const p = bankProblems(f);
    return [
      ...(enforced.quality ? p.quality : []),
      ...(enforced.shape ? p.shape : []),
      ...(enforced.pool ? p.pool : []),
      ...(targets ? bankTargetProblems(f) : []),
    ];
  });
}

/** What content:check prints for a level: counts per domain × type and the bar figures. */
export function bankLines(f: BankFigures, enforced = BANK_BARS_ENFORCED): string[] {
  const p = bankProblems(f);
  const state = (found: string[], on: boolean) => `[${found.length ? 'FAIL' : 'ok'}${on ? '' : ', not enforced yet'}]`;
  const t = f.byType;
  return [
    `bank ${f.level}: ${f.items} items (bar >= ${BANK_BARS.minItems}); single ${t.single}, multiple ${t.multiple} (${fmt(pct(t.multiple, f.items))} %), ` +
      `build list ${t.build_list} (${fmt(pct(t.build_list, f.items))} %), options table ${t.options_table} + drag and drop ${t.drag_drop} ` +
      `(${fmt(pct(t.options_table + t.drag_drop, f.items))} %); pediatric ${f.pediatric} (${fmt(pct(f.pediatric, f.items))} %); ` +
      `case sets ${f.caseSets}${BANK_BARS.minEcgItems[f.level] ? `; ECG-strip items ${f.ecgItems}` : ''} ${state(p.shape, enforced.shape)}`,
    ...f.domains.map(
      (d) =>
        `  ${d.name}: ${d.items} (${fmt(d.sharePct)} %, blueprint ${d.min}-${d.max} %); single/multiple/build/table/drag ` +
        `${[d.byType.single, d.byType.multiple, d.byType.build_list, d.byType.options_table, d.byType.drag_drop].join(' / ')}; ` +
        `difficulty 1-5: ${d.byDifficulty.join(' / ')}`,
    ),
    `  multiple response keyed/wrong mean length ${f.multipleRatio.toFixed(2)} (bar <= ${BANK_BARS.multipleKeyedToWrongMaxRatio}); ` +
      `difficulty spread per domain (at most ${100 * BANK_BARS.maxShareAtOneDifficulty} % at one difficulty, easy and hard present) ${state(p.quality, enforced.quality)}`,
    `  pools (practice / exam, bar: exam >= ${BANK_BARS.minExamPoolPct} % of every domain) ${state(p.pool, enforced.pool)}`,
    ...f.domains.map((d) => `    ${d.name}: practice ${d.items - d.exam} / exam ${d.exam} (${fmt(pct(d.exam, d.items))} % exam)`),
  ];
}

/**
 * The targets the figures miss, one sentence each (content/FORMAT.md "Bank targets"). Domains are judged inside
 * their blueprint range, without the bars' slack, in each pool separately: the exam reserve must be able to fill a
 * blueprint-balanced exam alone, and the practice pool must teach every domain in proportion.
 */
export function bankTargetProblems(f: BankFigures): string[] {
  const T = BANK_TARGETS;
  const at = `questions ${f.level}`;
  const out: string[] = [];
  const share = (n: number) => pct(n, f.items);
  if (f.items < T.minItems) out.push(`${at}: ${f.items} items (target: at least ${T.minItems})`);
  if (f.examItems < T.minExamItems) out.push(`${at}: ${f.examItems} items in the exam pool (target: at least ${T.minExamItems})`);
  const practiceItems = f.items - f.examItems;
  for (const d of f.domains) {
    for (const [pool, n, of] of [
      ['practice', d.items - d.exam, practiceItems],
      ['exam', d.exam, f.examItems],
    ] as const) {
      const p = pct(n, of);
      if (of > 0 && (p < d.min || p > d.max))
        out.push(`${at} ${pool} pool ${d.name}: ${p.toFixed(2)} % of the pool (target: blueprint ${d.min}-${d.max} %)`);
    }
  }
  if (share(f.pediatric) < T.minPediatricPct)
    out.push(`${at}: pediatric ${fmt(share(f.pediatric))} % of items (target: at least ${T.minPediatricPct} %)`);
  if (share(f.byType.multiple) < T.minMultiplePct)
    out.push(`${at}: multiple response ${fmt(share(f.byType.multiple))} % (target: at least ${T.minMultiplePct} %)`);
  if (share(f.byType.build_list) < T.minBuildListPct)
    out.push(`${at}: build list ${fmt(share(f.byType.build_list))} % (target: at least ${T.minBuildListPct} %)`);
  const tableDrag = f.byType.options_table + f.byType.drag_drop;
  if (share(tableDrag) < T.minTableAndDragPct)
    out.push(`${at}: options table and drag and drop ${fmt(share(tableDrag))} % (target: at least ${T.minTableAndDragPct} %)`);
  if (f.ecgItems < T.minEcgItems[f.level]) out.push(`${at}: ${f.ecgItems} ECG-strip items (target: at least ${T.minEcgItems[f.level]})`);
  if (f.ecgStrips < T.minEcgStrips[f.level])
    out.push(`${at}: ${f.ecgStrips} distinct ECG strips (target: at least ${T.minEcgStrips[f.level]})`);
  if (f.caseSets < T.minCaseSets[f.level]) out.push(`${at}: ${f.caseSets} case sets (target: at least ${T.minCaseSets[f.level]})`);
  const caseDomain = T.caseBasedDomain[f.level];
  const cd = f.domains.find((d) => d.name === caseDomain);
  if (cd && cd.inCase < cd.items)
    out.push(`${at} ${cd.name}: ${cd.items - cd.inCase} of ${cd.items} items are not in a case set (target: every one case-based)`);
  return out;
}

/** What content:check prints for the targets of a level: each count against its target. */
export function bankTargetLines(f: BankFigures, enforced = BANK_TARGETS_ENFORCED): string[] {
  const T = BANK_TARGETS;
  const missed = bankTargetProblems(f);
  const mark = (ok: boolean) => (ok ? 'ok' : 'below');
  const range = (ok: boolean) => (ok ? 'ok' : 'outside');
  const share = (n: number) => pct(n, f.items);
  const tableDrag = f.byType.options_table + f.byType.drag_drop;
  const practiceItems = f.items - f.examItems;
  const cd = f.domains.find((d) => d.name === T.caseBasedDomain[f.level]);
  const rows: [string, boolean][] = [
    [`items ${f.items} / ${T.minItems}`, f.items >= T.minItems],
    [`exam pool ${f.examItems} / ${T.minExamItems}`, f.examItems >= T.minExamItems],
    [`pediatric ${fmt(share(f.pediatric))} % / ${T.minPediatricPct} %`, share(f.pediatric) >= T.minPediatricPct],
    [`multiple response ${fmt(share(f.byType.multiple))} % / ${T.minMultiplePct} %`, share(f.byType.multiple) >= T.minMultiplePct],
    [`build list ${fmt(share(f.byType.build_list))} % / ${T.minBuildListPct} %`, share(f.byType.build_list) >= T.minBuildListPct],
    [`options table + drag and drop ${fmt(share(tableDrag))} % / ${T.minTableAndDragPct} %`, share(tableDrag) >= T.minTableAndDragPct],
    [`case sets ${f.caseSets} / ${T.minCaseSets[f.level]}`, f.caseSets >= T.minCaseSets[f.level]],
    ...(T.minEcgItems[f.level]
      ? ([
          [`ECG-strip items ${f.ecgItems} / ${T.minEcgItems[f.level]}`, f.ecgItems >= T.minEcgItems[f.level]],
          [`distinct strips ${f.ecgStrips} / ${T.minEcgStrips[f.level]}`, f.ecgStrips >= T.minEcgStrips[f.level]],
        ] as [string, boolean][])
      : []),
    ...(cd ? ([[`${cd.name} in case sets ${cd.inCase} / ${cd.items}`, cd.inCase === cd.items]] as [string, boolean][]) : []),
  ];
  return [
    `targets ${f.level} (content/FORMAT.md "Bank targets"): ${missed.length} missed [${missed.length ? 'below target' : 'ok'}${enforced ? '' : ', not enforced yet (decision 100)'}]`,
    `  ${rows.map(([text, ok]) => `${text} ${mark(ok)}`).join('; ')}`,
    ...f.domains.map((d) => {
      const inRange = (n: number, of: number) => of === 0 || (pct(n, of) >= d.min && pct(n, of) <= d.max);
      const pr = d.items - d.exam;
      return (
        `  ${d.name} (blueprint ${d.min}-${d.max} %): practice ${pr} (${pct(pr, practiceItems).toFixed(2)} %) ${range(inRange(pr, practiceItems))}; ` +
        `exam ${d.exam} (${pct(d.exam, f.examItems).toFixed(2)} %) ${range(inRange(d.exam, f.examItems))}`
      );
    }),
  ];
}

/** The counts per pool x domain x type x difficulty of a level, one line per pool and domain. */
export function bankCubeLines(f: BankFigures): string[] {
  const out = [`counts ${f.level} per pool x domain x type, difficulty 1-5 in brackets:`];
  for (const pool of ['practice', 'exam'] as const)
    for (const d of f.domains)
      out.push(
        `  ${pool} / ${d.name}: ` +
          QUESTION_TYPES.map((t) => {
            const c = d.cube[pool][t];
            return `${t} ${c.reduce((a, b) => a + b, 0)} [${c.join(' ')}]`;
          }).join(', '),
      );
  return out;
}
