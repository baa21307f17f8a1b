// The repository explains itself: every file path, decision record and doc section that the code and the docs cite
// exists in the repository, and no comment sends a newcomer to a tracker ("issue N") or to a document kept outside it
// (the design, the product specification, the exam notes and the style notes are docs/architecture.md and
// docs/product.md now).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SELF = 'scripts/repo-references.test.ts';

/**
 * Files whose references another change is rewriting right now (none at present). Remove an entry once its file is clean;
 * the last test below fails while an entry is no longer needed.
 */
const PENDING_REFERENCE_FIXES: readonly string[] = [];

const SCANNED_DIRS = ['src', 'tests', 'scripts', 'docs'];
const SCANNED_FILES = ['README.md', 'content/FORMAT.md'];
const TEXT = /\.(ts|tsx|mjs|js|md|py|css|html)$/;
const SKIP_DIRS = new Set(['node_modules', 'fixtures', 'migrations']);

function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : walk(rel);
    return TEXT.test(e.name) ? [rel] : [];
  });
}

const files = [...SCANNED_DIRS.flatMap(walk), ...SCANNED_FILES].filter((f) => f !== SELF);
const text = new Map(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
const lineOf = (s: string, index: number) => s.slice(0, index).split('\n').length;

/** Every match of `re` in the scanned files (minus `skip`), as "file:line: match". */
function findAll(re: RegExp, pick: (m: RegExpExecArray, file: string) => string | null, only = files, skip: readonly string[] = []) {
  const out: string[] = [];
  for (const f of only) {
    if (skip.includes(f)) continue;
    const s = text.get(f)!;
    for (const m of s.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g'))) {
      const bad = pick(m, f);
      if (bad !== null) out.push(`${f}:${lineOf(s, m.index)}: ${bad}`);
    }
  }
  return out;
}

/** A path exists as a file or a folder, or names the start of a file in its folder (`docs/decisions/082`). */
function exists(rel: string): boolean {
  const abs = path.join(root, rel);
  if (existsSync(abs)) return true;
  const dir = path.dirname(abs);
  return existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).some((n) => n.startsWith(path.basename(abs) + '-'));
}

/**
 * Not a reference to check: a pattern (`content/questions/<level>/*.json`, `docs/decisions/NNN-*.md`), a made-up file in a
 * test (`src/client/lib/x.ts`), or a data file (`.json`: content files a student or an operator may add).
 */
const isPattern = (p: string) => /[<>*{}$…]|NNN|:\w/.test(p) || /(^|\/)x\.\w+$/.test(p) || p.endsWith('.json');
const clean = (p: string) => p.replace(/[.,;:)]+$/, '').replace(/#.*$/, '');

const records = new Set(readdirSync(path.join(root, 'docs/decisions')).flatMap((n) => (/^\d{3}-/.test(n) ? [n.slice(0, 3)] : [])));
const headings = (doc: string) =>
  new Set([...readFileSync(path.join(root, doc), 'utf8').matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1]!));
const sections = { 'docs/architecture.md': headings('docs/architecture.md'), 'docs/product.md': headings('docs/product.md') };

describe('references inside the repository', () => {
  it('every relative markdown link points at a file that exists', () => {
    const md = files.filter((f) => f.endsWith('.md'));
    const bad = findAll(
      /\]\(([^)\s]+)\)/,
      (m, f) => {
        const target = m[1]!;
        if (/^(https?:|mailto:|#)/.test(target)) return null;
        const rel = path.relative(root, path.resolve(root, path.dirname(f), clean(target)));
        return exists(rel) ? null : target;
      },
      md,
    );
    expect(bad).toEqual([]);
  });

  it('every path written out (`docs/x.md`, src/…, tests/…, scripts/…) exists', () => {
    const bad = findAll(/(?<![\w./@~-])((?:src|tests|scripts|docs|content)\/[\w.\-/<>*{}$…:]+)/, (m, f) => {
      const p = clean(m[1]!);
      if (isPattern(p) || exists(p)) return null;
      // a path inside the file's own part of the tree (`content/questions.ts` in src/server/content/cues.ts)
      for (let dir = path.dirname(f); dir !== '.'; dir = path.dirname(dir)) if (exists(path.join(dir, p))) return null;
      return p;
    });
    expect(bad).toEqual([]);
  });

  it('names no document kept outside the repository', () => {
    const bad = findAll(/\b(DESIGN|SPEC|EXAM|STYLE)\.md\b/, (m) => m[0], files, PENDING_REFERENCE_FIXES);
    expect(bad).toEqual([]);
  });

  it('every decision record cited ("decision 082", "decisions 067 and 080", "070–073") exists', () => {
    const bad = findAll(/\b[Dd]ecisions? ((?:\d{3}(?:, | and | or |–)?)+)/, (m) => {
      const missing = (m[1]!.match(/\d{3}/g) ?? []).filter((n) => !records.has(n));
      return missing.length ? m[0] : null;
    });
    expect(bad).toEqual([]);
  });

  it('every section cited as docs/architecture.md §N or docs/product.md §N exists', () => {
    const bad = findAll(/\b(docs\/architecture\.md|docs\/product\.md)`? ((?:§\d+(?:\.\d+)?(?:, | and )?)+)/, (m) => {
      const doc = m[1] as keyof typeof sections;
      const missing = (m[2]!.match(/\d+(?:\.\d+)?/g) ?? []).filter((n) => !sections[doc].has(n));
      return missing.length ? m[0] : null;
    });
    expect(bad).toEqual([]);
  });
});

describe('the decisions index', () => {
  const index = readFileSync(path.join(root, 'docs/decisions/README.md'), 'utf8');
  const rows = [...index.matchAll(/^\| (\d{3}) \| \[[^\]]*\]\((\d{3}-[^)]+\.md)\)/gm)].map((m) => ({ n: m[1]!, file: m[2]! }));

  it('lists every record once, in order, under its own number', () => {
    const numbers = rows.map((r) => r.n);
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
    expect(numbers).toEqual([...numbers].sort());
    expect(rows.filter((r) => !r.file.startsWith(r.n))).toEqual([]);
    expect([...records].filter((n) => n !== '000' && !numbers.includes(n))).toEqual([]);
  });
});

describe('comments say why, without a tracker', () => {
  const code = files.filter((f) => /^(src|tests|scripts)\//.test(f));

  it('no "issue N" and no "spec section N" in src, tests or scripts', () => {
    const bad = findAll(/\b(issue #?\d+|spec sections? \d+)/i, (m) => m[0], code, PENDING_REFERENCE_FIXES);
    expect(bad).toEqual([]);
  });

  it('every file on the pending list still needs to be there', () => {
    const stale = PENDING_REFERENCE_FIXES.filter((f) => {
      const s = existsSync(path.join(root, f)) ? readFileSync(path.join(root, f), 'utf8') : '';
      return !/\b(issue #?\d+|spec sections? \d+|(DESIGN|SPEC|EXAM|STYLE)\.md)\b/i.test(s);
    });
    expect(stale, 'remove these from PENDING_REFERENCE_FIXES').toEqual([]);
  });
});
