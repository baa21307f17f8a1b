import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  appMeta,
  badges,
  dragDropScenarios,
  flashcards,
  questionCases,
  questionItems,
  scenarioSearch,
  sortingQuestions,
  videos,
} from '../db/schema';
import type { Content } from './load';
import { itemPool } from '../../shared/questions';
import type { QuestionContent } from './questions';
import { refreshSearchTerms } from './search-terms';

export interface ImportCounts {
  inserted: number;
  updated: number;
  deleted: number;
}
/** Question items and cases are never deleted (students' attempts point at them): `deleted` counts the newly retired. */
export type ImportReport = Record<
  'flashcards' | 'videos' | 'badges' | 'dragDrop' | 'sorting' | 'scenarios' | 'questions' | 'questionCases',
  ImportCounts
> & {
  version: string;
  versionChanged: boolean;
};

export const CONTENT_VERSION_KEY = 'content_version';

/** `key` identifies the row among the files; `values` are the columns written. */
type Row = { key: string; values: Record<string, unknown> };

/**
 * Brings one table in line with the files: inserts new keys, updates rows whose fields changed (in
 * place, so their ids and students' progress stay), deletes keys no longer in the files.
 */
async function sync(
  tx: Db,
  table: PgTable & { id: PgColumn },
  rows: Row[],
  keyOf: (r: Record<string, unknown>) => string,
): Promise<ImportCounts> {
  const existing: Record<string, unknown>[] = await tx.select().from(table);
  const byKey = new Map(existing.map((r) => [keyOf(r), r]));
  const wanted = new Set(rows.map((r) => r.key));
  const counts: ImportCounts = { inserted: 0, updated: 0, deleted: 0 };
  const toInsert: Record<string, unknown>[] = [];
  for (const { key, values } of rows) {
    const current = byKey.get(key);
    if (!current) {
      toInsert.push(values);
      continue;
    }
    const changed = Object.entries(values).some(([k, v]) => (current[k] ?? null) !== (v ?? null));
    if (changed) {
      await tx
        .update(table)
        .set(values)
        .where(eq(table.id, current.id as number));
      counts.updated++;
    }
  }
  for (let i = 0; i < toInsert.length; i += 500) await tx.insert(table).values(toInsert.slice(i, i + 500));
  counts.inserted = toInsert.length;
  const stale = existing.filter((r) => !wanted.has(keyOf(r))).map((r) => r.id as number);
  for (let i = 0; i < stale.length; i += 500) await tx.delete(table).where(inArray(table.id, stale.slice(i, i + 500)));
  counts.deleted = stale.length;
  return counts;
}

const row = (key: string, values: Record<string, unknown>): Row => ({ key, values });

/** What /search finds of a scenario: its situation, prompts and choices, never the correct choice nor the feedback. */
function syncScenarioSearch(tx: Db, content: Content): Promise<ImportCounts> {
  return sync(
    tx,
    scenarioSearch,
    content.scenarios.map((sc) =>
      row(sc.key, {
        key: sc.key,
        title: sc.title,
        courseLevel: sc.course_level,
        body: sc.steps.map((st) => `${st.Scenario} ${st.Prompt} ${st.Choices.split(';').join(' · ')}`).join('\n'),
      }),
    ),
    (r) => r.key as string,
  );
}

/**
 * The search's own tables from the files and the tables: for a database whose content was imported before search
 * existed (the rest of its content is left as it is).
 */
export async function importSearchDocuments(db: Db, content: Content): Promise<void> {
  await db.transaction(async (tx) => {
    await syncScenarioSearch(tx, content);
    await refreshSearchTerms(tx);
  });
}

export async function importContent(db: Db, content: Content): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const report = {
      flashcards: await sync(
        t,
        flashcards,
        content.flashcards.map((c) =>
          row(c.key, {
            key: c.key,
            category: c.category,
            courseLevel: c.course_level,
            frontText: c.front,
            backText: c.back,
            reference: c.reference,
          }),
        ),
        (r) => r.key as string,
      ),
      videos: await sync(
        t,
        videos,
        content.videos.map((v) =>
          row(v.key, {
            key: v.key,
            title: v.title,
            category: v.category,
            duration: v.duration,
            videoUrl: v.video_url,
            thumbnailUrl: v.thumbnail_url,
            courseLevel: v.course_level,
            description: v.description ?? null,
          }),
        ),
        (r) => r.key as string,
      ),
      badges: await sync(
        t,
        badges,
        content.badges.map((b) =>
          row(b.key, {
            key: b.key,
            name: b.name,
            description: b.description,
            imageUrl: b.image_url,
            requirementText: b.requirement_text,
            streakDays: b.streak_days,
            sortOrder: b.sort_order,
          }),
        ),
        (r) => r.key as string,
      ),
      dragDrop: await sync(
        t,
        dragDropScenarios,
        content.dragDrop.flatMap((d) =>
          d.therapies.map((th) =>
            row(`${d.scenario_id}|${th.therapy_key}`, {
              scenarioId: d.scenario_id,
              scenario: d.scenario,
              therapyKey: th.therapy_key,
              therapyName: th.therapy_name,
              indicated: th.indicated,
              courseLevel: d.course_level,
              reference: d.reference,
              rationale: th.rationale ?? null,
            }),
          ),
        ),
        (r) => `${r.scenarioId as number}|${r.therapyKey as string}`,
      ),
      sorting: await sync(
        t,
        sortingQuestions,
        content.sorting.flatMap((q) =>
          q.items.map((item) =>
            row(`${q.question_id}|${item.key}`, {
              questionId: q.question_id,
              itemKey: item.key,
              questionText: q.question_text,
              medication: item.medication,
              category: q.category,
              correctAnswer: item.correct_answer,
              courseLevel: q.course_level,
              reference: q.reference,
              rationale: item.rationale ?? null,
            }),
          ),
        ),
        (r) => `${r.questionId as number}|${r.itemKey as string}`,
      ),
      scenarios: await syncScenarioSearch(t, content),
      ...(await importQuestions(t, content.questions)),
    };
    await refreshSearchTerms(t);
    const [current] = await t.select().from(appMeta).where(eq(appMeta.key, CONTENT_VERSION_KEY));
    const versionChanged = current?.value !== content.version;
    if (versionChanged)
      await t
        .insert(appMeta)
        .values({ key: CONTENT_VERSION_KEY, value: content.version })
        .onConflictDoUpdate({ target: appMeta.key, set: { value: content.version, updatedAt: sql`now()` } });
    return { ...report, version: content.version, versionChanged };
  });
}

export async function contentVersion(db: Db): Promise<string | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, CONTENT_VERSION_KEY));
  return row?.value ?? null;
}

export async function isContentEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, CONTENT_VERSION_KEY));
  return !row;
}

/** JSON with object keys sorted, so a jsonb value read back compares equal to the one written. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/**
 * Upserts question items and cases by key. A key no longer in the files is marked retired (kept, so
 * attempts, flags and reports keep their item; never offered again); a key back in the files is live again.
 */
export async function importQuestions(tx: Db, q: QuestionContent): Promise<Pick<ImportReport, 'questions' | 'questionCases'>> {
  const upsert = async (
    table: PgTable & { key: PgColumn; retired: PgColumn },
    rows: { key: string; values: Record<string, unknown> }[],
  ): Promise<ImportCounts> => {
    const existing = (await tx.select().from(table)) as Record<string, unknown>[];
    const byKey = new Map(existing.map((r) => [r.key as string, r]));
    const wanted = new Set(rows.map((r) => r.key));
    const counts: ImportCounts = { inserted: 0, updated: 0, deleted: 0 };
    const toInsert: Record<string, unknown>[] = [];
    for (const { key, values } of rows) {
      const current = byKey.get(key);
      const full = { ...values, retired: false };
      if (!current) toInsert.push(full);
      else if (Object.entries(full).some(([k, v]) => canonical(current[k] ?? null) !== canonical(v ?? null))) {
        await tx
          .update(table)
          .set({ ...full, ...('updatedAt' in current ? { updatedAt: sql`now()` } : {}) })
          .where(eq(table.key, key));
        counts.updated++;
      }
    }
    for (let i = 0; i < toInsert.length; i += 500) await tx.insert(table).values(toInsert.slice(i, i + 500));
    counts.inserted = toInsert.length;
    const stale = existing.filter((r) => !wanted.has(r.key as string) && r.retired !== true).map((r) => r.key as string);
    for (let i = 0; i < stale.length; i += 500)
      await tx
        .update(table)
        .set({ retired: true })
        .where(inArray(table.key, stale.slice(i, i + 500)));
    counts.deleted = stale.length;
    return counts;
  };
  const questionCaseCounts = await upsert(
    questionCases,
    q.cases.map((c) => ({
      key: c.key,
      values: { key: c.key, level: c.course_level, title: c.title, presentation: c.presentation, updates: c.updates ?? null },
    })),
  );
  const questionCounts = await upsert(
    questionItems,
    q.items.map((it) => ({
      key: it.key,
      values: {
        key: it.key,
        level: it.course_level,
        type: it.type,
        domain: it.domain,
        topic: it.topic,
        difficulty: it.difficulty,
        pediatric: it.pediatric,
        caseKey: it.case ?? null,
        caseOrder: it.case_order ?? null,
        pool: itemPool(it),
        body: {
          stem: it.stem,
          options: it.options,
          reference: it.reference,
          ...(it.categories ? { categories: it.categories } : {}),
          ...(it.image ? { image: it.image } : {}),
        },
      },
    })),
  );
  return { questions: questionCounts, questionCases: questionCaseCounts };
}
