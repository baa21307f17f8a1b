// npx tsx scripts/content-pool.ts [--check] — marks the exam reserve of the question bank (decision 081):
// a third of every domain of each level gets `"pool": "exam"` in its file, the rest none (practice). It is a
// function of the items alone (their keys, types, difficulties and case sets, never the pool they are in
// now), so a second run changes nothing; with --check it only says whether the files agree with it.
//
// The choice, per level:
// - Case sets go whole to one pool. They are ordered by their items' mean difficulty, then a hash of the
//   case key, and taken by systematic sampling weighted by size: a set goes to the exam pool when that keeps
//   the reserve's case items nearest a third of the case items walked so far.
// - Then, per domain, single items fill the domain's reserve to ceil(items / 3) (counting the case items
//   of the domain already there): ordered by (type, difficulty, hash of the key) and taken evenly spaced
//   (about every third), so the reserve has every type and difficulty of the domain in proportion.
// Files are edited as text: a `"pool": "exam",` line after an item's `"domain"` line is added or removed,
// nothing else changes (the result is parsed back and compared with the intended items).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { EXAM_BLUEPRINT, QUESTION_TYPES, type QuestionItemFile } from '../src/shared/questions';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const ROOT = path.resolve('content/questions');
const LEVELS = { emt: 'EMT', paramedic: 'Paramedic' } as const;
/** the reserve's share of each domain: a third (the bar is 30 %, BANK_BARS.minExamPoolPct) */
const EXAM_SHARE = 1 / 3;

const hash = (s: string): string => createHash('sha256').update(s).digest('hex');
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

interface FileItems {
  file: string;
  text: string;
  items: QuestionItemFile[];
}

/** The keys that go to the exam pool, for one level's items. */
function examKeys(items: readonly QuestionItemFile[]): Set<string> {
  const exam = new Set<string>();
  // case sets, whole
  const sets = new Map<string, QuestionItemFile[]>();
  for (const i of items) if (i.case) sets.set(i.case, [...(sets.get(i.case) ?? []), i]);
  const orderedSets = [...sets.entries()]
    .map(([key, members]) => ({ key, members, difficulty: mean(members.map((m) => m.difficulty)), h: hash(key) }))
    .sort((a, b) => a.difficulty - b.difficulty || a.h.localeCompare(b.h));
  let walked = 0;
  let reserved = 0;
  for (const set of orderedSets) {
    const size = set.members.length;
    walked += size;
    // take the set if the reserve then lies nearer a third of the items walked than without it
    if (Math.abs(reserved + size - EXAM_SHARE * walked) < Math.abs(reserved - EXAM_SHARE * walked)) {
      reserved += size;
      for (const m of set.members) exam.add(m.key);
    }
  }
  // single items, per domain, fill the domain to ceil(n / 3)
  const typeRank = (t: QuestionItemFile['type']) => QUESTION_TYPES.indexOf(t);
  const domains = new Set(items.map((i) => i.domain));
  for (const domain of domains) {
    const inDomain = items.filter((i) => i.domain === domain);
    const target = Math.ceil(inDomain.length * EXAM_SHARE);
    const have = inDomain.filter((i) => exam.has(i.key)).length;
    const singles = inDomain
      .filter((i) => !i.case)
      .map((i) => ({ i, h: hash(i.key) }))
      .sort((a, b) => typeRank(a.i.type) - typeRank(b.i.type) || a.i.difficulty - b.i.difficulty || a.h.localeCompare(b.h))
      .map((x) => x.i);
    const need = Math.min(Math.max(0, target - have), singles.length);
    // evenly spaced: the middle of each of `need` equal runs (every third when need is a third)
    for (let k = 0; k < need; k++) exam.add(singles[Math.floor(((k + 0.5) * singles.length) / need)]!.key);
    coverEveryStratum(inDomain, singles, exam);
  }
  return exam;
}

/**
 * A difficulty or a type of the domain that the spaced choice missed (a stratum of one or two items) gets
 * one of its single items, in exchange for a single item of the reserve (of the same type if it can, from
 * its fullest (type, difficulty) cell) whose removal leaves every type and difficulty covered: the reserve's
 * size stays the same.
 */
function coverEveryStratum(inDomain: readonly QuestionItemFile[], singles: readonly QuestionItemFile[], exam: Set<string>): void {
  const strata: ((i: QuestionItemFile) => string)[] = [(i) => `type ${i.type}`, (i) => `difficulty ${i.difficulty}`];
  const reserveCount = (label: (i: QuestionItemFile) => string, value: string) =>
    inDomain.filter((i) => exam.has(i.key) && label(i) === value).length;
  for (const label of strata)
    for (const value of [...new Set(inDomain.map(label))].sort()) {
      if (reserveCount(label, value) > 0) continue;
      const add = singles.find((i) => label(i) === value && !exam.has(i.key));
      if (!add) continue;
      const cell = (i: QuestionItemFile) => `${i.type} ${i.difficulty}`;
      const share = (i: QuestionItemFile) =>
        inDomain.filter((j) => exam.has(j.key) && cell(j) === cell(i)).length / inDomain.filter((j) => cell(j) === cell(i)).length;
      // of the added item's type first, so that the types keep their proportions
      const sameType = (i: QuestionItemFile) => (i.type === add.type ? 1 : 0);
      const removable = singles
        .filter((i) => exam.has(i.key) && strata.every((l) => reserveCount(l, l(i)) > 1))
        .sort((a, b) => sameType(b) - sameType(a) || share(b) - share(a) || hash(a.key).localeCompare(hash(b.key)));
      exam.add(add.key);
      if (removable[0]) exam.delete(removable[0].key);
    }
}

const POOL_LINE = /^ {4}"pool": "exam",\n/;

/** The file's text with the pool line on exactly the items in `exam` (top-level items: 4-space keys). */
function withPools(text: string, exam: ReadonlySet<string>): string {
  const lines = text.split(/(?<=\n)/);
  const out: string[] = [];
  let key: string | null = null;
  for (const line of lines) {
    if (line.startsWith('  {')) key = null;
    const k = /^ {4}"key": "([^"]+)",?\n$/.exec(line);
    if (k) key = k[1]!;
    if (POOL_LINE.test(line)) continue;
    out.push(line);
    if (/^ {4}"domain": /.test(line) && key !== null && exam.has(key)) out.push('    "pool": "exam",\n');
  }
  return out.join('');
}

const files: FileItems[] = [];
for (const folder of Object.keys(LEVELS))
  for (const f of readdirSync(path.join(ROOT, folder)).sort()) {
    if (!f.endsWith('.json') || f.startsWith('cases')) continue;
    const file = path.join(ROOT, folder, f);
    const text = readFileSync(file, 'utf8');
    files.push({ file, text, items: JSON.parse(text) as QuestionItemFile[] });
  }

let changed = 0;
for (const [folder, level] of Object.entries(LEVELS)) {
  const mine = files.filter((f) => path.basename(path.dirname(f.file)) === folder);
  const items = mine.flatMap((f) => f.items);
  const exam = examKeys(items);
  for (const f of mine) {
    const next = withPools(f.text, exam);
    const intended = f.items.map(({ pool: _, ...i }) => (exam.has(i.key) ? { ...i, pool: 'exam' } : i));
    if (!isDeepStrictEqual(JSON.parse(next), intended)) {
      console.error(`${path.relative('.', f.file)}: the text edit did not give the intended items (an item without a "domain" line?)`);
      process.exit(1);
    }
    if (next !== f.text) {
      changed++;
      if (!values.check) writeFileSync(f.file, next);
    }
  }
  console.log(`${level}: exam pool / items per domain`);
  for (const d of EXAM_BLUEPRINT[level].domains) {
    const inDomain = items.filter((i) => i.domain === d.name);
    const reserve = inDomain.filter((i) => exam.has(i.key));
    const count = <K extends string>(xs: QuestionItemFile[], by: (i: QuestionItemFile) => K) =>
      xs.reduce<Record<string, number>>((acc, i) => ({ ...acc, [by(i)]: (acc[by(i)] ?? 0) + 1 }), {});
    const all = { types: count(inDomain, (i) => i.type), difficulty: count(inDomain, (i) => String(i.difficulty)) };
    const res = { types: count(reserve, (i) => i.type), difficulty: count(reserve, (i) => String(i.difficulty)) };
    const pair = (of: Record<string, number>, from: Record<string, number>) =>
      Object.keys(from)
        .sort()
        .map((k) => `${k} ${of[k] ?? 0}/${from[k]}`)
        .join(', ');
    console.log(
      `  ${d.name}: ${reserve.length} / ${inDomain.length} (${((100 * reserve.length) / inDomain.length).toFixed(1)} %); ` +
        `types ${pair(res.types, all.types)}; difficulty ${pair(res.difficulty, all.difficulty)}`,
    );
  }
}
if (values.check) {
  console.log(changed ? `${changed} file(s) differ from the pools this script gives.` : 'Every file has its pools.');
  process.exit(changed ? 1 : 0);
}
console.log(changed ? `${changed} file(s) updated.` : 'No change.');
