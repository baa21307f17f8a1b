import { and, eq, sql } from 'drizzle-orm';
import type { ContentLevel } from '../../../shared/constants';
import { needsReview, type QuestionType, type ReportReason, type ReportStatus } from '../../../shared/questions';
import {
  ITEM_STATS_PAGE_SIZE,
  REPORT_PAGE_SIZE,
  type ItemStats,
  type ItemStatsResponse,
  type itemStatsQuerySchema,
  type QuestionReportPage,
  type QuestionReportView,
} from '../../../shared/contracts/questions';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { questionReports } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { AuditBy } from '../../lib/audit-by';
import { notFound } from '../../lib/http';

type ReportRow = {
  id: string;
  item_key: string;
  level: ContentLevel | null;
  stem: string | null;
  type: QuestionType | null;
  options: { text: string; rationale: string; correct?: boolean; position?: number; category?: string }[] | null;
  reference: string | null;
  reason: ReportReason;
  text: string;
  status: ReportStatus;
  created_at: string | Date;
  resolved_at: string | Date | null;
  reporter: string | null;
  resolved_by: string | null;
  reply: string | null;
  replied_at: string | Date | null;
  replied_by: string | null;
};

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

const reportSelect = sql`
  select r.id, r.item_key, i.level, i.body->>'stem' as stem, i.type, i.body->'options' as options,
    i.body->>'reference' as reference, r.reason, r.text, r.status, r.created_at, r.resolved_at,
    u.email as reporter, a.email as resolved_by, r.reply, r.replied_at, p.email as replied_by
  from ${questionReports} r
  left join question_items i on i.key = r.item_key
  left join users u on u.id = r.user_id
  left join users a on a.id = r.resolved_by
  left join users p on p.id = r.replied_by`;

const reportView = (r: ReportRow): QuestionReportView => ({
  id: r.id,
  itemKey: r.item_key,
  level: r.level,
  stem: r.stem,
  item:
    r.type && r.options
      ? {
          type: r.type,
          options: r.options.map((o) => ({
            text: o.text,
            correct: o.correct ?? null,
            position: o.position ?? null,
            category: o.category ?? null,
            rationale: o.rationale,
          })),
          reference: r.reference ?? '',
        }
      : null,
  reason: r.reason,
  text: r.text,
  status: r.status,
  createdAt: iso(r.created_at)!,
  resolvedAt: iso(r.resolved_at),
  reporter: r.reporter,
  resolvedBy: r.resolved_by,
  reply: r.reply,
  repliedAt: iso(r.replied_at),
  repliedBy: r.replied_by,
});

/** A page of problem reports with their item (stem, key, level): open ones first, newest first within each status. */
export async function listReports({ db }: ServiceDeps, status: ReportStatus | undefined, page = 1): Promise<QuestionReportPage> {
  const where = status ? sql`where r.status = ${status}` : sql``;
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.execute<ReportRow>(sql`
      ${reportSelect} ${where}
      order by (r.status = 'open') desc, r.created_at desc, r.id
      limit ${REPORT_PAGE_SIZE} offset ${(page - 1) * REPORT_PAGE_SIZE}`),
    db.execute<{ total: number; open: number }>(sql`
      select count(*)::int as total, count(*) filter (where r.status = 'open')::int as open from ${questionReports} r ${where}`),
  ]);
  return {
    reports: rows.map(reportView),
    page,
    pageSize: REPORT_PAGE_SIZE,
    total: Number(counted[0]?.total ?? 0),
    open: Number(counted[0]?.open ?? 0),
  };
}

async function reportById(db: Db, id: string): Promise<QuestionReportView> {
  const { rows } = await db.execute<ReportRow>(sql`${reportSelect} where r.id = ${id}`);
  if (!rows[0]) throw notFound('This report does not exist.');
  return reportView(rows[0]);
}

/** Resolves or reopens a report; the change and its audit record commit together. */
export async function setReportStatus(
  { db, now }: ServiceDeps,
  by: AuditBy,
  id: string,
  status: ReportStatus,
): Promise<QuestionReportView> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [before] = await t.select().from(questionReports).where(eq(questionReports.id, id)).for('update');
    if (!before) throw notFound('This report does not exist.');
    if (before.status === status) return;
    await t
      .update(questionReports)
      .set(
        status === 'resolved'
          ? { status, resolvedAt: now(), resolvedBy: by.actor?.id ?? null }
          : { status, resolvedAt: null, resolvedBy: null },
      )
      .where(and(eq(questionReports.id, id)));
    await recordAudit(t, {
      action: status === 'resolved' ? 'question_report.resolve' : 'question_report.reopen',
      ...by,
      target: { type: 'question_report', id, label: before.itemKey },
      before: { status: before.status },
      after: { status },
    });
  });
  return reportById(db, id);
}

/**
 * Answers a report (or changes the answer): the reporter reads it on the item once they have answered it again. The reply and
 * its audit record commit together; a report whose reporter has left keeps its reply for the admins.
 */
export async function replyToReport({ db, now }: ServiceDeps, by: AuditBy, id: string, reply: string): Promise<QuestionReportView> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [before] = await t.select().from(questionReports).where(eq(questionReports.id, id)).for('update');
    if (!before) throw notFound('This report does not exist.');
    if (before.reply === reply) return;
    await t
      .update(questionReports)
      .set({ reply, repliedAt: now(), repliedBy: by.actor?.id ?? null })
      .where(eq(questionReports.id, id));
    await recordAudit(t, {
      action: 'question_report.reply',
      ...by,
      target: { type: 'question_report', id, label: before.itemKey },
      before: { reply: before.reply },
      after: { reply },
    });
  });
  return reportById(db, id);
}

type StatsRow = {
  key: string;
  level: ContentLevel;
  type: QuestionType;
  domain: string;
  stem: string;
  retired: boolean;
  attempts: number;
  percent_correct: number | null;
  avg_time_ms: number | null;
  point_biserial: number | null;
};

/**
 * Per item, over each student's first attempt only (as calibration counts them), so that one student answering an item
 * again and again moves nothing: attempts (students), percent correct and average time (each attempt's time is bounded
 * by the server when stored: the time since it sent the item); the point-biserial discrimination — the correlation, across students, between the item's 0/1 score
 * and the student's proportion correct on their other items (students with no other item left out;
 * null below 2 students or when either varies not at all: PostgreSQL's corr() is null then). One query.
 */
export async function itemStats({ db }: ServiceDeps): Promise<ItemStats[]> {
  const { rows } = await db.execute<StatsRow>(sql`
    with first as (
      select distinct on (user_id, item_key) user_id, item_key, correct::int as x, time_ms
      from question_attempts order by user_id, item_key, created_at, id
    ),
    per_user as (select user_id, sum(x) as c, count(*) as n from first group by user_id),
    pb as (
      select f.item_key, corr(f.x::float8, (p.c - f.x)::float8 / (p.n - 1)) as r
      from first f join per_user p on p.user_id = f.user_id
      where p.n > 1
      group by f.item_key
    ),
    agg as (
      select item_key, count(*)::int as attempts, 100.0 * avg(x) as pct, avg(time_ms) as avg_time
      from first group by item_key
    )
    select i.key, i.level, i.type, i.domain, i.body->>'stem' as stem, i.retired,
      coalesce(agg.attempts, 0) as attempts, agg.pct::float8 as percent_correct, agg.avg_time::float8 as avg_time_ms,
      pb.r::float8 as point_biserial
    from question_items i
    left join agg on agg.item_key = i.key
    left join pb on pb.item_key = i.key
    order by i.level, i.key`);
  return rows.map((r) => {
    const s = {
      key: r.key,
      level: r.level,
      type: r.type,
      domain: r.domain,
      stem: r.stem,
      retired: r.retired,
      attempts: Number(r.attempts),
      percentCorrect: r.percent_correct === null ? null : Number(r.percent_correct),
      pointBiserial: r.point_biserial === null || Number.isNaN(Number(r.point_biserial)) ? null : Number(r.point_biserial),
      avgTimeMs: r.avg_time_ms === null ? null : Math.round(Number(r.avg_time_ms)),
    };
    return { ...s, flaggedForReview: needsReview(s) };
  });
}

/**
 * A page of item statistics under the admin's filter (level, domain, type, flagged, a word of the key or stem), sorted by
 * a column; items without a value sort last in either direction. The statistics are computed in one query as above and
 * filtered here, so a page costs what the whole table costs to compute, and the browser renders 50 rows, not the bank.
 */
export async function itemStatsPage(deps: ServiceDeps, query: z.output<typeof itemStatsQuerySchema>): Promise<ItemStatsResponse> {
  const all = await itemStats(deps);
  const q = query.q?.toLowerCase();
  const ofLevel = query.level ? all.filter((i) => i.level === query.level) : all;
  const chosen = ofLevel.filter(
    (i) =>
      (!query.domain || i.domain === query.domain) &&
      (!query.type || i.type === query.type) &&
      (query.flagged === undefined || i.flaggedForReview === query.flagged) &&
      (!q || i.key.toLowerCase().includes(q) || i.stem.toLowerCase().includes(q)),
  );
  const dir = query.dir === 'asc' ? 1 : -1;
  const key = query.sort;
  chosen.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === y) return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (typeof x === 'string' ? (x < (y as string) ? -1 : 1) : x - (y as number)) * dir;
  });
  const start = (query.page - 1) * ITEM_STATS_PAGE_SIZE;
  return {
    items: chosen.slice(start, start + ITEM_STATS_PAGE_SIZE),
    page: query.page,
    pageSize: ITEM_STATS_PAGE_SIZE,
    total: chosen.length,
    flagged: chosen.filter((i) => i.flaggedForReview).length,
    bank: all.length,
    domains: [...new Set(ofLevel.map((i) => i.domain))].sort(),
  };
}
