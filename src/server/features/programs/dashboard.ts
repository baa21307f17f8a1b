import { sql } from 'drizzle-orm';
import type { ContentLevel } from '../../../shared/constants';
import type { StudentStudy } from '../../../shared/contracts/programs';
import {
  addResponse,
  domainStanding,
  guessingFloor,
  itemDifficulty,
  priorLogPosterior,
  summarizePosterior,
  type AbilityEstimate,
} from '../../../shared/exam';
import { atRiskReasons, mostMissed, type FirstAttempts } from '../../../shared/programs';
import { domainsOf } from '../../../shared/questions';
import type { ServiceDeps } from '../../deps';
import { verdictShown } from '../../domain/items';
import { currentStandard, examLimitsFor, examReadiness, standardsById } from '../../domain/readiness';

// The instructor dashboard's figures for a class's current students (decision 106), in three queries for the whole class:
// each one reads only students in the class now (`left_at is null`), so a student who left is in none of them. Readiness
// and domain standings are computed with the same rules as the student's own progress screen (domain/readiness), so the
// instructor never sees a number more precise than the student does.

/**
 * The estimate of `estimateAbility` (the progress screen's) from responses counted by kind: a response's log likelihood
 * depends only on (b, c, correct), so each kind's term is computed once for the whole class and added `count` times. A
 * student with a year of study has thousands of answers over few kinds; one by one, a class of 60 took seconds.
 */
function abilityOf(
  groups: Map<string, { b: number; c: number; correct: boolean; count: number }>,
  terms: Map<string, Float64Array>,
): AbilityEstimate {
  const lp = priorLogPosterior();
  for (const [key, g] of groups) {
    let term = terms.get(key);
    if (!term) terms.set(key, (term = addResponse(new Float64Array(lp.length), g)));
    for (let i = 0; i < lp.length; i++) lp[i]! += g.count * term[i]!;
  }
  return summarizePosterior(lp);
}

const members = (classId: string) => sql`(select user_id from class_members where class_id = ${classId} and left_at is null)`;

export async function classStudy(
  deps: ServiceDeps<'config'>,
  c: { id: string; level: ContentLevel; examWindowStart: string | null },
  joined: Map<string, Date>,
): Promise<{ domains: string[]; study: Map<string, StudentStudy>; missed: ReturnType<typeof mostMissed> }> {
  const { db } = deps;
  const now = deps.now();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
  const [figures, exams, answers, firsts] = await Promise.all([
    db.execute<{
      user_id: string;
      streak: number;
      questions: number;
      ms_week: number;
      last_at: string | Date | null;
      backlog: number;
    }>(sql`
      select u.id as user_id, u.current_streak as streak,
        (select count(*) from question_attempts a where a.user_id = u.id)::int
          + (select count(*) from exam_items ei join exams e on e.id = ei.exam_id where e.user_id = u.id and ei.answered_at is not null)::int
          as questions,
        (coalesce((select sum(a.time_ms) from question_attempts a where a.user_id = u.id and a.created_at >= ${monday}::timestamptz), 0)
          + coalesce((select sum(ei.time_ms) from exam_items ei join exams e on e.id = ei.exam_id
              where e.user_id = u.id and ei.answered_at >= ${monday}::timestamptz), 0))::float8 as ms_week,
        greatest(
          (select max(a.created_at) from question_attempts a where a.user_id = u.id),
          (select max(r.reviewed_at) from srs_review_logs r where r.user_id = u.id),
          (select max(ei.answered_at) from exam_items ei join exams e on e.id = ei.exam_id where e.user_id = u.id)
        ) as last_at,
        (select count(*) from srs_cards s where s.user_id = u.id and s.due <= ${now}::timestamptz)::int as backlog
      from users u where u.id in ${members(c.id)}`),
    db.execute<{
      user_id: string;
      ended_at: string | Date;
      theta: number;
      se: number;
      stop_reason: string;
      scored: number;
      standard_id: string;
    }>(sql`
      select user_id, ended_at, theta, se, stop_reason, scored, standard_id from exams
      where user_id in ${members(c.id)} and level = ${c.level} and ended_at is not null
      order by user_id, ended_at`),
    // the latest scored answer per student and question, practice and ended exams, as the progress screen reads them
    db.execute<{
      user_id: string;
      domain: string;
      difficulty: number;
      type: string;
      options: number;
      cal_b: number | null;
      cal_n: number | null;
      correct: boolean;
    }>(sql`
      with answers as (
        select a.user_id, a.item_key, a.correct, a.created_at as at from question_attempts a
        where a.user_id in ${members(c.id)} and ${verdictShown('a')}
        union all
        select e.user_id, ei.item_key, ei.correct, ei.answered_at as at
        from exam_items ei join exams e on e.id = ei.exam_id
        where e.user_id in ${members(c.id)} and e.ended_at is not null and ei.correct is not null and not ei.pilot
      ),
      latest as (select distinct on (user_id, item_key) user_id, item_key, correct from answers order by user_id, item_key, at desc)
      select latest.user_id, i.domain, i.difficulty, i.type, jsonb_array_length(i.body -> 'options') as options,
        cal.b as cal_b, cal.n as cal_n, latest.correct
      from latest join question_items i on i.key = latest.item_key
      left join item_calibrations cal on cal.item_key = i.key
      where i.level = ${c.level}`),
    // each student's first answer to each practice item (a timed quiz only once it ended): what the class finds hard
    db.execute<{ key: string; topic: string; domain: string; stem: string; answered: number; missed: number }>(sql`
      with firsts as (
        select distinct on (a.user_id, a.item_key) a.item_key, a.correct from question_attempts a
        where a.user_id in ${members(c.id)} and ${verdictShown('a')}
        order by a.user_id, a.item_key, a.created_at
      )
      select i.key, i.topic, i.domain, left(i.body ->> 'stem', 160) as stem, count(*)::int as answered,
        count(*) filter (where not f.correct)::int as missed
      from firsts f join question_items i on i.key = f.item_key
      where i.level = ${c.level} and i.pool = 'practice'
      group by i.key, i.topic, i.domain, i.body ->> 'stem'`),
  ]);

  const standards = await standardsById(
    deps,
    exams.rows.map((e) => e.standard_id),
  );
  const fallback = await currentStandard(deps, c.level);
  const minScored = examLimitsFor(deps, c.level).minScored;
  const examsOf = new Map<string, typeof exams.rows>();
  for (const e of exams.rows) {
    const list = examsOf.get(e.user_id) ?? [];
    examsOf.set(e.user_id, list);
    list.push(e);
  }
  const domains = domainsOf(c.level).map((d) => d.name);
  type Groups = Map<string, { b: number; c: number; correct: boolean; count: number }>;
  const responses = new Map<string, Map<string, Groups>>();
  for (const r of answers.rows) {
    const mine = responses.get(r.user_id) ?? new Map<string, Groups>();
    responses.set(r.user_id, mine);
    const b = itemDifficulty(Number(r.difficulty), r.cal_b === null ? null : { b: Number(r.cal_b), n: Number(r.cal_n) });
    const c = guessingFloor(r.type, Number(r.options));
    const correct = Boolean(r.correct);
    const groups: Groups = mine.get(r.domain) ?? new Map<string, { b: number; c: number; correct: boolean; count: number }>();
    mine.set(r.domain, groups);
    const key = `${b}|${c}|${correct}`;
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { b, c, correct, count: 1 });
  }
  const terms = new Map<string, Float64Array>();

  const study = new Map<string, StudentStudy>();
  for (const f of figures.rows) {
    const ended = (examsOf.get(f.user_id) ?? []).map((e) => ({
      endedAt: new Date(e.ended_at).toISOString(),
      standardId: e.standard_id,
      ...examReadiness(
        { theta: Number(e.theta), se: Number(e.se), stopReason: e.stop_reason, scored: Number(e.scored) },
        standards.get(e.standard_id) ?? fallback,
        minScored,
      ),
    }));
    const last = ended.at(-1);
    const cut = (last ? standards.get(last.standardId) : undefined)?.cut ?? fallback.cut;
    const byDomain = responses.get(f.user_id);
    const lastActivityAt = f.last_at ? new Date(f.last_at) : null;
    study.set(f.user_id, {
      lastActivityAt: lastActivityAt?.toISOString() ?? null,
      streak: Number(f.streak),
      minutesThisWeek: Math.round(Number(f.ms_week) / 60_000),
      questionsAnswered: Number(f.questions),
      reviewBacklog: Number(f.backlog),
      practiceExams: ended.length,
      latest: last ? { verdict: last.verdict, readiness: last.readiness, endedAt: last.endedAt } : null,
      domains: domains.map((d) => {
        const groups = byDomain?.get(d);
        return groups?.size ? domainStanding(abilityOf(groups, terms), cut) : null;
      }),
      atRisk: atRiskReasons({
        now,
        lastActivityAt,
        joinedAt: joined.get(f.user_id) ?? now,
        exams: ended.map((e) => ({ verdict: e.verdict, score: e.readiness.score })),
        examDate: c.examWindowStart,
      }),
    });
  }
  const missed = mostMissed(firsts.rows.map((r): FirstAttempts => ({ ...r, answered: Number(r.answered), missed: Number(r.missed) })));
  return { domains, study, missed };
}
