import { sql } from 'drizzle-orm';
import type { ContentLevel } from '../../../shared/constants';
import type { ProgressResponse } from '../../../shared/contracts/progress';
import { DOMAIN_STANDING_MIN_ANSWERS, domainStanding, estimateAbility, guessingFloor, itemDifficulty } from '../../../shared/exam';
import { domainsOf } from '../../../shared/questions';
import type { ServiceDeps } from '../../deps';
import { verdictShown } from '../../domain/items';
import { currentStandard, examLimitsFor, examReadiness, standardInfoOf, standardsById } from '../../domain/readiness';

const WEEKS = 8;

/** Readiness over time, domain standings from all practice, and the weekly figures of one level. */
export async function progressOf(
  deps: ServiceDeps<'config'>,
  userId: string,
  level: ContentLevel,
  levels: ContentLevel[],
): Promise<ProgressResponse> {
  const db = deps.db;
  const now = deps.now();
  const [examRows, answerRows, weekRows] = await Promise.all([
    db.execute<{
      id: string;
      ended_at: string | Date;
      theta: number;
      se: number;
      stop_reason: string;
      scored: number;
      standard_id: string;
    }>(sql`
      select id, ended_at, theta, se, stop_reason, scored, standard_id from exams
      where user_id = ${userId} and level = ${level} and ended_at is not null
      order by ended_at limit 500`),
    // the latest scored answer per question, from practice and from exams (pilot items are not scored); only answers whose
    // verdict exists: an exam or a timed quiz still running tells nothing before it ends (domain/items)
    db.execute<{
      domain: string;
      difficulty: number;
      type: string;
      options: number;
      cal_b: number | null;
      cal_n: number | null;
      correct: boolean;
    }>(sql`
      with answers as (
        select a.item_key, a.correct, a.created_at as at from question_attempts a where a.user_id = ${userId} and ${verdictShown('a')}
        union all
        select ei.item_key, ei.correct, ei.answered_at as at
        from exam_items ei join exams e on e.id = ei.exam_id
        where e.user_id = ${userId} and e.ended_at is not null and ei.correct is not null and not ei.pilot
      ),
      latest as (select distinct on (item_key) item_key, correct from answers order by item_key, at desc)
      select i.domain, i.difficulty, i.type, jsonb_array_length(i.body -> 'options') as options, c.b as cal_b, c.n as cal_n, latest.correct
      from latest join question_items i on i.key = latest.item_key
      left join item_calibrations c on c.item_key = i.key
      where i.level = ${level}`),
    db.execute<{ week: string | Date; questions: number; ms: number }>(sql`
      with answers as (
        select created_at as at, time_ms from question_attempts where user_id = ${userId}
        union all
        select ei.answered_at, coalesce(ei.time_ms, 0) from exam_items ei join exams e on e.id = ei.exam_id
        where e.user_id = ${userId} and ei.answered_at is not null
      )
      select date_trunc('week', at at time zone 'UTC') as week, count(*)::int as questions, coalesce(sum(time_ms), 0)::float8 as ms
      from answers
      where at >= date_trunc('week', ${now}::timestamptz at time zone 'UTC') at time zone 'UTC' - interval '${sql.raw(String(WEEKS - 1))} weeks'
      group by 1`),
  ]);
  // the latest exam's standard, or the level's current one before any exam: standings and words are relative to it
  const standards = await standardsById(
    deps,
    examRows.rows.map((e) => e.standard_id),
  );
  const lastExam = examRows.rows.at(-1);
  const standard = lastExam ? standards.get(lastExam.standard_id)! : await currentStandard(deps, level);
  const minScored = examLimitsFor(deps, level).minScored;
  const byDomain = new Map<string, { b: number; c: number; correct: boolean }[]>();
  for (const r of answerRows.rows) {
    const b = itemDifficulty(Number(r.difficulty), r.cal_b === null ? null : { b: Number(r.cal_b), n: Number(r.cal_n) });
    byDomain.set(r.domain, [
      ...(byDomain.get(r.domain) ?? []),
      { b, c: guessingFloor(r.type, Number(r.options)), correct: Boolean(r.correct) },
    ]);
  }
  const weekly = new Map(weekRows.rows.map((w) => [new Date(w.week).toISOString().slice(0, 10), w]));
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
  const weeks = Array.from({ length: WEEKS }, (_, i) => {
    const start = new Date(monday.getTime() - (WEEKS - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10);
    const w = weekly.get(start);
    return { weekStart: start, questions: w ? Number(w.questions) : 0, minutes: w ? Math.round(Number(w.ms) / 60_000) : 0 };
  });
  return {
    level,
    levels,
    exams: examRows.rows.map((e) => ({
      id: e.id,
      endedAt: new Date(e.ended_at).toISOString(),
      ...examReadiness(
        { theta: Number(e.theta), se: Number(e.se), stopReason: e.stop_reason, scored: Number(e.scored) },
        standards.get(e.standard_id)!,
        minScored,
      ),
    })),
    standard: await standardInfoOf(deps, standard, level),
    domains: domainsOf(level).map((d) => {
      const responses = byDomain.get(d.name) ?? [];
      return {
        domain: d.name,
        answered: responses.length,
        standing: responses.length >= DOMAIN_STANDING_MIN_ANSWERS ? domainStanding(estimateAbility(responses), standard.cut) : null,
      };
    }),
    weeks,
  };
}
