import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ContentLevel } from '../../../shared/constants';
import type {
  CreateStudyBody,
  MyStudy,
  RatingItem,
  RatingResponse,
  RatingStudyResponse,
  RoundResult,
  StudyResultsResponse,
  StudyView,
} from '../../../shared/contracts/standard-setting';
import { createStudyBody } from '../../../shared/contracts/standard-setting';
import { ERROR_CODES } from '../../../shared/errors';
import { guessingFloor, itemDifficulty } from '../../../shared/exam';
import {
  angoffResult,
  blueprintQuotas,
  impactAt,
  openRound,
  ratingQuestion,
  spreadOf,
  type PanelRating,
  type StudyRound,
  type StudyStatus,
} from '../../../shared/standard-setting';
import type { Db } from '../../db/client';
import {
  exams,
  itemCalibrations,
  questionCases,
  questionItems,
  standardRatings,
  standards,
  standardStudies,
  standardStudyItems,
  standardStudyPanelists,
  users,
} from '../../db/schema';
import type { ServiceDeps, SessionUser } from '../../deps';
import { recordAudit } from '../../lib/audit';
import type { AuditBy } from '../../lib/audit-by';
import { HttpError, notFound } from '../../lib/http';

// Standard setting by a panel of educators, the modified Angoff method (docs/decisions/109-standard-setting-by-a-panel.md).
// An administrator creates a study (the server samples its items), invites panelists, opens the rounds, closes it and may
// adopt its round-2 cut as the level's `panel` standard. A panelist reaches only the studies they are on (`panelStudy`:
// 404 otherwise, as a study that does not exist). The math is src/shared/standard-setting.ts.

type StudyRow = typeof standardStudies.$inferSelect;

/** Practice exams count toward the impact share for this long after they ended ("recent practice-exam takers"). */
export const IMPACT_WINDOW_DAYS = 180;

const conflict = (message: string) => new HttpError(409, ERROR_CODES.conflict, message);
const studyMissing = () => notFound('This study does not exist.');
const iso = (d: Date | null) => d?.toISOString() ?? null;

// ---------------------------------------------------------------------------------------------------
// Reading a study

async function studyRow(db: Db, id: string): Promise<StudyRow> {
  const [row] = await db.select().from(standardStudies).where(eq(standardStudies.id, id));
  if (!row) throw studyMissing();
  return row;
}

async function studyViews(db: Db, rows: StudyRow[]): Promise<StudyView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [itemCounts, panel, counts, adopted] = await Promise.all([
    db
      .select({ studyId: standardStudyItems.studyId, n: sql<number>`count(*)::int` })
      .from(standardStudyItems)
      .where(inArray(standardStudyItems.studyId, ids))
      .groupBy(standardStudyItems.studyId),
    db
      .select({ studyId: standardStudyPanelists.studyId, userId: users.id, name: users.name, email: users.email })
      .from(standardStudyPanelists)
      .innerJoin(users, eq(users.id, standardStudyPanelists.userId))
      .where(inArray(standardStudyPanelists.studyId, ids))
      .orderBy(asc(standardStudyPanelists.addedAt), asc(users.email)),
    db
      .select({
        studyId: standardRatings.studyId,
        panelistId: standardRatings.panelistId,
        round: standardRatings.round,
        n: sql<number>`count(*)::int`,
      })
      .from(standardRatings)
      .where(inArray(standardRatings.studyId, ids))
      .groupBy(standardRatings.studyId, standardRatings.panelistId, standardRatings.round),
    db.select({ id: standards.id, studyId: standards.studyId }).from(standards).where(inArray(standards.studyId, ids)),
  ]);
  const count = (studyId: string, userId: string, round: number) =>
    Number(counts.find((c) => c.studyId === studyId && c.panelistId === userId && c.round === round)?.n ?? 0);
  return rows.map((r) => ({
    id: r.id,
    level: r.level as ContentLevel,
    title: r.title,
    status: r.status as StudyStatus,
    items: Number(itemCounts.find((c) => c.studyId === r.id)?.n ?? 0),
    createdAt: r.createdAt.toISOString(),
    round1OpenedAt: iso(r.round1OpenedAt),
    round2OpenedAt: iso(r.round2OpenedAt),
    closedAt: iso(r.closedAt),
    adoptedAt: iso(r.adoptedAt),
    standardId: adopted.find((a) => a.studyId === r.id)?.id ?? null,
    panelists: panel
      .filter((p) => p.studyId === r.id)
      .map((p) => ({ userId: p.userId, name: p.name, email: p.email, rated1: count(r.id, p.userId, 1), rated2: count(r.id, p.userId, 2) })),
  }));
}

const oneView = async (db: Db, row: StudyRow) => (await studyViews(db, [row]))[0]!;

/** Every study, newest first (administrators). */
export async function listStudies({ db }: ServiceDeps): Promise<StudyView[]> {
  return studyViews(db, await db.select().from(standardStudies).orderBy(desc(standardStudies.createdAt), desc(standardStudies.id)));
}

export async function getStudy({ db }: ServiceDeps, id: string): Promise<StudyView> {
  return oneView(db, await studyRow(db, id));
}

// ---------------------------------------------------------------------------------------------------
// Creating a study: the server samples a blueprint-balanced set of the level's items

interface Candidate {
  key: string;
  domain: string;
  b: number;
  c: number;
}

/**
 * The level's items that are not retired, from both pools (panelists are not students: the exam reserve is rated too),
 * each with the difficulty and floor the exam scores it with now (as the exam's bank reads them: features/exam/service.ts
 * `bankOf`).
 */
async function candidates(db: Db, level: ContentLevel): Promise<Candidate[]> {
  const { rows } = await db.execute<{
    key: string;
    domain: string;
    difficulty: number;
    type: string;
    options: number;
    cal_b: number | null;
    cal_n: number | null;
  }>(sql`
    select i.key, i.domain, i.difficulty, i.type, jsonb_array_length(i.body -> 'options') as options, c.b as cal_b, c.n as cal_n
    from ${questionItems} i left join ${itemCalibrations} c on c.item_key = i.key
    where i.level = ${level} and not i.retired
    order by i.key`);
  return rows.map((r) => ({
    key: r.key,
    domain: r.domain,
    b: itemDifficulty(Number(r.difficulty), r.cal_b === null ? null : { b: Number(r.cal_b), n: Number(r.cal_n) }),
    c: guessingFloor(r.type, Number(r.options)),
  }));
}

function sample<T>(list: T[], n: number): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, n);
}

export async function createStudy(deps: ServiceDeps, by: AuditBy, user: SessionUser, input: CreateStudyBody): Promise<StudyView> {
  const body = createStudyBody.parse(input);
  const { db } = deps;
  const pool = await candidates(db, body.level);
  const byDomain = new Map<string, Candidate[]>();
  for (const c of pool) byDomain.set(c.domain, [...(byDomain.get(c.domain) ?? []), c]);
  const quotas = blueprintQuotas(body.level, body.items, Object.fromEntries([...byDomain].map(([d, l]) => [d, l.length])));
  const chosen = [...quotas].flatMap(([domain, n]) => sample(byDomain.get(domain) ?? [], n));
  if (chosen.length < body.items)
    throw new HttpError(400, ERROR_CODES.validation, `The ${body.level} bank has only ${chosen.length} items to rate.`, [
      { path: 'items', message: `The ${body.level} bank has only ${chosen.length} items to rate.` },
    ]);
  // panelists see the items mixed, not domain by domain
  const ordered = sample(chosen, chosen.length);
  const now = deps.now();
  const row = await db.transaction(async (tx) => {
    const [study] = await tx
      .insert(standardStudies)
      .values({ level: body.level, title: body.title, status: 'draft', createdBy: user.id, createdAt: now })
      .returning();
    await tx
      .insert(standardStudyItems)
      .values(ordered.map((c, i) => ({ studyId: study!.id, itemKey: c.key, position: i + 1, domain: c.domain, b: c.b, c: c.c })));
    await recordAudit(tx, {
      action: 'standard_study.create',
      ...by,
      target: { type: 'standard_study', id: study!.id, label: `${body.level}: ${body.title}` },
      after: { items: ordered.length, domains: Object.fromEntries(quotas) },
    });
    return study!;
  });
  return oneView(db, row);
}

// ---------------------------------------------------------------------------------------------------
// The panel

const INVITABLE: readonly StudyStatus[] = ['draft', 'round1', 'round2'];

export async function addPanelist(deps: ServiceDeps, by: AuditBy, studyId: string, email: string): Promise<StudyView> {
  const { db } = deps;
  const study = await studyRow(db, studyId);
  if (!INVITABLE.includes(study.status as StudyStatus)) throw conflict('Panelists can be invited until the study is closed.');
  const [user] = await db.select({ id: users.id, role: users.role, email: users.email }).from(users).where(eq(users.email, email));
  const fieldError = (message: string) => new HttpError(400, ERROR_CODES.validation, message, [{ path: 'email', message }]);
  if (!user) throw fieldError('No user has this e-mail.');
  if (user.role !== 'panelist' && user.role !== 'admin')
    throw fieldError('Only panelists and administrators can be on a panel: make this user a panelist on the Users screen first.');
  const added = await db
    .insert(standardStudyPanelists)
    .values({ studyId, userId: user.id, addedAt: deps.now() })
    .onConflictDoNothing()
    .returning();
  if (added.length > 0)
    await recordAudit(db, {
      action: 'standard_study.panelist_add',
      ...by,
      target: { type: 'standard_study', id: studyId, label: study.title },
      after: { panelist: user.email },
    });
  return oneView(db, study);
}

export async function removePanelist(deps: ServiceDeps, by: AuditBy, studyId: string, userId: string): Promise<StudyView> {
  const { db } = deps;
  const study = await studyRow(db, studyId);
  if (!INVITABLE.includes(study.status as StudyStatus)) throw conflict('The panel of a closed study stays as it rated.');
  // the panelist's ratings go with them (standard_ratings_panelist_fk cascades)
  const removed = await db
    .delete(standardStudyPanelists)
    .where(and(eq(standardStudyPanelists.studyId, studyId), eq(standardStudyPanelists.userId, userId)))
    .returning();
  if (removed.length === 0) throw notFound('This panelist is not on the study.');
  await recordAudit(db, {
    action: 'standard_study.panelist_remove',
    ...by,
    target: { type: 'standard_study', id: studyId, label: study.title },
    before: { panelist: userId },
  });
  return oneView(db, study);
}

// ---------------------------------------------------------------------------------------------------
// Rounds

const NEXT: Record<
  'round1' | 'round2' | 'closed',
  { from: StudyStatus; column: 'round1OpenedAt' | 'round2OpenedAt' | 'closedAt'; refused: string }
> = {
  round1: { from: 'draft', column: 'round1OpenedAt', refused: 'Round 1 opens on a draft study.' },
  round2: { from: 'round1', column: 'round2OpenedAt', refused: 'Round 2 opens after round 1.' },
  closed: { from: 'round2', column: 'closedAt', refused: 'A study closes after round 2.' },
};

export async function advanceStudy(
  deps: ServiceDeps,
  by: AuditBy,
  studyId: string,
  to: 'round1' | 'round2' | 'closed',
): Promise<StudyView> {
  const { db } = deps;
  const step = NEXT[to];
  const study = await studyRow(db, studyId);
  if (to === 'round1') {
    const [panel] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(standardStudyPanelists)
      .where(eq(standardStudyPanelists.studyId, studyId));
    if (Number(panel?.n ?? 0) === 0) throw conflict('Invite at least one panelist before opening round 1.');
  }
  // the status moves only from the one before it, in one statement, so two clicks cannot open a round twice
  const [moved] = await db
    .update(standardStudies)
    .set({ status: to, [step.column]: deps.now() })
    .where(and(eq(standardStudies.id, studyId), eq(standardStudies.status, step.from)))
    .returning();
  if (!moved) throw conflict(step.refused);
  await recordAudit(db, {
    action: 'standard_study.status',
    ...by,
    target: { type: 'standard_study', id: studyId, label: study.title },
    before: { status: study.status },
    after: { status: to },
  });
  return oneView(db, moved);
}

// ---------------------------------------------------------------------------------------------------
// Results

interface StudyItemRow {
  key: string;
  position: number;
  domain: string;
  b: number;
  c: number;
}

const studyItems = (db: Db, studyId: string): Promise<StudyItemRow[]> =>
  db
    .select({
      key: standardStudyItems.itemKey,
      position: standardStudyItems.position,
      domain: standardStudyItems.domain,
      b: standardStudyItems.b,
      c: standardStudyItems.c,
    })
    .from(standardStudyItems)
    .where(eq(standardStudyItems.studyId, studyId))
    .orderBy(asc(standardStudyItems.position));

async function ratingsOf(db: Db, studyId: string) {
  return db
    .select({
      panelistId: standardRatings.panelistId,
      itemKey: standardRatings.itemKey,
      round: standardRatings.round,
      value: standardRatings.value,
    })
    .from(standardRatings)
    .where(eq(standardRatings.studyId, studyId));
}

/**
 * The ratings a round's result is computed from. Round 1: the round-1 ratings. Round 2: each panelist's round-2 rating
 * of an item, else their round-1 rating of it (a panelist who leaves an item unchanged in round 2 keeps their round-1
 * judgement, decision 109).
 */
function roundRatings(all: { panelistId: string; itemKey: string; round: number; value: number }[], round: StudyRound): PanelRating[] {
  if (round === 1) return all.filter((r) => r.round === 1);
  const out = new Map<string, PanelRating>();
  for (const r of all.filter((x) => x.round === 1)) out.set(`${r.panelistId}\u0000${r.itemKey}`, r);
  for (const r of all.filter((x) => x.round === 2)) out.set(`${r.panelistId}\u0000${r.itemKey}`, r);
  return [...out.values()];
}

/** Latest scored practice exam θ̂ per student of the level, among exams ended in the last IMPACT_WINDOW_DAYS. */
async function recentThetas(deps: ServiceDeps, level: ContentLevel): Promise<number[]> {
  const since = new Date(deps.now().getTime() - IMPACT_WINDOW_DAYS * 86_400_000);
  const { rows } = await deps.db.execute<{ theta: number }>(sql`
    select distinct on (user_id) theta from ${exams}
    where level = ${level} and ended_at is not null and ended_at >= ${since.toISOString()}::timestamptz
      and theta is not null and coalesce(scored, 0) > 0
    order by user_id, ended_at desc`);
  return rows.map((r) => Number(r.theta));
}

function roundResult(
  items: StudyItemRow[],
  ratings: PanelRating[],
  round: StudyRound,
  thetas: number[],
): RoundResult & { spreads: ReturnType<typeof angoffResult>['items'] } {
  const r = angoffResult(items, ratings);
  return {
    round,
    cut: r.cut,
    se: r.se,
    panelists: r.panelistCuts.length,
    impact: r.cut === null ? null : impactAt(thetas, r.cut),
    spreads: r.items,
  };
}

export async function studyResults(deps: ServiceDeps, studyId: string): Promise<StudyResultsResponse> {
  const { db } = deps;
  const row = await studyRow(db, studyId);
  const [view, items, all, thetas, stems] = await Promise.all([
    oneView(db, row),
    studyItems(db, studyId),
    ratingsOf(db, studyId),
    recentThetas(deps, row.level as ContentLevel),
    db
      .select({ key: questionItems.key, stem: sql<string>`${questionItems.body} ->> 'stem'` })
      .from(questionItems)
      .innerJoin(standardStudyItems, eq(standardStudyItems.itemKey, questionItems.key))
      .where(eq(standardStudyItems.studyId, studyId)),
  ]);
  const r1 = roundResult(items, roundRatings(all, 1), 1, thetas);
  const inRound2 = row.round2OpenedAt !== null;
  const r2 = inRound2 ? roundResult(items, roundRatings(all, 2), 2, thetas) : null;
  const stemOf = new Map(stems.map((s) => [s.key, s.stem]));
  return {
    study: view,
    rounds: [r1, ...(r2 ? [r2] : [])].map(({ spreads: _spreads, ...rest }) => rest),
    items: items.map((it, i) => ({
      key: it.key,
      position: it.position,
      domain: it.domain,
      stem: stemOf.get(it.key) ?? '',
      b: it.b,
      round1: r1.spreads[i]!.spread,
      round2: r2 ? r2.spreads[i]!.spread : null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Adoption: the round-2 cut becomes the level's current standard

export async function adoptStudy(deps: ServiceDeps, by: AuditBy, user: SessionUser, studyId: string): Promise<StudyView> {
  const { db } = deps;
  const now = deps.now();
  const row = await db.transaction(async (tx) => {
    const [study] = await tx.select().from(standardStudies).where(eq(standardStudies.id, studyId)).for('update');
    if (!study) throw studyMissing();
    if (study.status !== 'closed') throw conflict('A study is adopted once it is closed.');
    const [items, all] = await Promise.all([studyItems(tx, studyId), ratingsOf(tx, studyId)]);
    const result = angoffResult(items, roundRatings(all, 2));
    if (result.cut === null) throw conflict('No panelist rated an item: there is no cut to adopt.');
    const standardId = `panel-${study.level}-${study.id}`;
    // a new row: earlier standards stay as they are, and the exams that name them keep them (decision 095)
    await tx.insert(standards).values({
      id: standardId,
      level: study.level,
      method: 'panel',
      cut: result.cut,
      cutSe: result.se,
      adoptedAt: now,
      adoptedBy: user.id,
      studyId,
    });
    const [adopted] = await tx
      .update(standardStudies)
      .set({ status: 'adopted', adoptedAt: now })
      .where(eq(standardStudies.id, studyId))
      .returning();
    await recordAudit(tx, {
      action: 'standard.adopt',
      ...by,
      target: { type: 'standard_study', id: studyId, label: `${study.level}: ${study.title}` },
      after: { standardId, cut: result.cut, se: result.se, panelists: result.panelistCuts.length },
    });
    return adopted!;
  });
  return oneView(db, row);
}

// ---------------------------------------------------------------------------------------------------
// The panelist's side

/** The study if the user is on its panel; otherwise the same 404 as a study that does not exist. */
async function panelStudy(db: Db, user: SessionUser, studyId: string): Promise<StudyRow> {
  const [row] = await db
    .select({ s: standardStudies })
    .from(standardStudies)
    .innerJoin(
      standardStudyPanelists,
      and(eq(standardStudyPanelists.studyId, standardStudies.id), eq(standardStudyPanelists.userId, user.id)),
    )
    .where(eq(standardStudies.id, studyId));
  if (!row) throw studyMissing();
  return row.s;
}

async function ratedCount(db: Db, studyId: string, userId: string, round: StudyRound | null): Promise<number> {
  if (round === null) return 0;
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(standardRatings)
    .where(and(eq(standardRatings.studyId, studyId), eq(standardRatings.panelistId, userId), eq(standardRatings.round, round)));
  return Number(r?.n ?? 0);
}

async function myStudyOf(db: Db, row: StudyRow, userId: string): Promise<MyStudy> {
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(standardStudyItems)
    .where(eq(standardStudyItems.studyId, row.id));
  const status = row.status as StudyStatus;
  return {
    id: row.id,
    level: row.level as ContentLevel,
    title: row.title,
    status,
    items: Number(n?.n ?? 0),
    rated: await ratedCount(db, row.id, userId, openRound(status)),
  };
}

/** The studies the user is on, newest first. */
export async function myStudies({ db }: ServiceDeps, user: SessionUser): Promise<MyStudy[]> {
  const rows = await db
    .select({ s: standardStudies })
    .from(standardStudies)
    .innerJoin(
      standardStudyPanelists,
      and(eq(standardStudyPanelists.studyId, standardStudies.id), eq(standardStudyPanelists.userId, user.id)),
    )
    .orderBy(desc(standardStudies.createdAt));
  return Promise.all(rows.map((r) => myStudyOf(db, r.s, user.id)));
}

interface ItemBody {
  stem?: string;
  image?: string;
  reference?: string;
  categories?: string[];
  options?: { text: string; rationale?: string; correct?: boolean; position?: number; category?: string }[];
}

/**
 * What a panelist rates: every item of the study with its key and rationales (the panel judges the item as written,
 * key included), their own ratings, and in round 2 the panel's round-1 ratings of each item without names, the round-1
 * cut and its impact.
 */
export async function ratingStudy(deps: ServiceDeps, user: SessionUser, studyId: string): Promise<RatingStudyResponse> {
  const { db } = deps;
  const row = await panelStudy(db, user, studyId);
  const status = row.status as StudyStatus;
  const [items, all, bodies] = await Promise.all([
    studyItems(db, studyId),
    ratingsOf(db, studyId),
    db
      .select({
        key: questionItems.key,
        type: questionItems.type,
        body: questionItems.body,
        caseOrder: questionItems.caseOrder,
        presentation: questionCases.presentation,
        updates: questionCases.updates,
      })
      .from(questionItems)
      .innerJoin(standardStudyItems, eq(standardStudyItems.itemKey, questionItems.key))
      .leftJoin(questionCases, eq(questionCases.key, questionItems.caseKey))
      .where(eq(standardStudyItems.studyId, studyId)),
  ]);
  const bodyOf = new Map(bodies.map((b) => [b.key, b]));
  const feedbackShown = status === 'round2' || status === 'closed' || status === 'adopted';
  const round1 = all.filter((r) => r.round === 1);
  const r1 = feedbackShown ? angoffResult(items, round1) : null;
  const mine = (key: string, round: number) =>
    all.find((r) => r.panelistId === user.id && r.itemKey === key && r.round === round)?.value ?? null;
  const out: RatingItem[] = items.map((it) => {
    const b = bodyOf.get(it.key)!;
    const body = b.body as ItemBody;
    const caseText =
      b.presentation == null
        ? null
        : [
            b.presentation,
            ...Object.entries(b.updates ?? {})
              .filter(([order]) => Number(order) <= (b.caseOrder ?? 0))
              .sort(([x], [y]) => Number(x) - Number(y))
              .map(([, text]) => text),
          ].join('\n\n');
    const values = round1.filter((r) => r.itemKey === it.key).map((r) => r.value);
    const spread = spreadOf(values);
    return {
      key: it.key,
      position: it.position,
      type: b.type as RatingItem['type'],
      domain: it.domain,
      stem: body.stem ?? '',
      image: body.image ?? null,
      caseText,
      options: (body.options ?? []).map((o) => ({
        text: o.text,
        rationale: o.rationale ?? '',
        correct: o.correct === true,
        position: o.position ?? null,
        category: o.category ?? null,
      })),
      categories: body.categories ?? null,
      reference: body.reference ?? '',
      mine: { round1: mine(it.key, 1), round2: mine(it.key, 2) },
      panel: feedbackShown && spread ? { spread, values: values.sort((x, y) => x - y) } : null,
    };
  });
  return {
    study: await myStudyOf(db, row, user.id),
    question: ratingQuestion(row.level as ContentLevel),
    items: out,
    feedback:
      r1 === null
        ? null
        : {
            cut: r1.cut,
            se: r1.se,
            impact: r1.cut === null ? null : impactAt(await recentThetas(deps, row.level as ContentLevel), r1.cut),
          },
  };
}

/** One rating of one item in the open round; saving it again replaces it (an idempotent PUT). */
export async function saveRating(
  deps: ServiceDeps,
  user: SessionUser,
  studyId: string,
  itemKey: string,
  value: number,
): Promise<RatingResponse> {
  const { db } = deps;
  const row = await panelStudy(db, user, studyId);
  const round = openRound(row.status as StudyStatus);
  if (round === null)
    throw conflict(row.status === 'draft' ? 'Rating opens with round 1.' : 'This study is closed: ratings can no longer change.');
  const [item] = await db
    .select({ key: standardStudyItems.itemKey })
    .from(standardStudyItems)
    .where(and(eq(standardStudyItems.studyId, studyId), eq(standardStudyItems.itemKey, itemKey)));
  if (!item) throw notFound('This item is not in the study.');
  const now = deps.now();
  const [saved] = await db
    .insert(standardRatings)
    .values({ studyId, panelistId: user.id, itemKey, round, value, updatedAt: now })
    .onConflictDoUpdate({
      target: [standardRatings.studyId, standardRatings.panelistId, standardRatings.itemKey, standardRatings.round],
      set: { value, updatedAt: now },
    })
    .returning();
  return {
    rating: { itemKey, round, value: saved!.value, updatedAt: saved!.updatedAt.toISOString() },
    rated: await ratedCount(db, studyId, user.id, round),
  };
}
