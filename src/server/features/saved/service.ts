// Saved (/saved, decision 102): the student's bookmarks, an item mark of their own beside the flag. What may be bookmarked is
// the item-access module's call (requireMarkableItem); the list shows only what the student may still open now (an item their
// open exam has given, or one of a level no longer theirs, is left out until it may be again).
import { sql } from 'drizzle-orm';
import type { CourseLevel, MarkKind } from '../../../shared/constants';
import type { SavedListResponse, SaveResponse } from '../../../shared/contracts/saved';
import { levelsOf } from '../../../shared/levels';
import { videoLevelsFor } from '../../../shared/videos';
import { userInteractions } from '../../db/schema';
import type { ServiceDeps } from '../../deps';
import { requireMarkableItem, scenariosOf, setMark, visibleOutsideExam } from '../../domain/items';
import { chargeEvents } from '../../lib/quota';
import type { Content } from '../../content/load';

type Scenarios = Content['scenarios'];

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Sets or clears the bookmark. Idempotent: the same write again changes nothing, and its usage event (id = the outbox's client
 * id) is stored once, only when the mark changed.
 */
export async function saveItem(
  deps: ServiceDeps,
  user: { id: string; courseLevel: CourseLevel },
  scenarios: Scenarios,
  item: { kind: MarkKind; key: string },
  input: { saved: boolean; clientId: string },
): Promise<SaveResponse> {
  await requireMarkableItem(deps, user.id, user.courseLevel, item, scenarios);
  const changed = await setMark(deps, user.id, { ...item, mark: 'bookmark' }, input.saved);
  if (changed && (await chargeEvents(deps.db, user.id, 1)).allowed)
    await deps.db
      .insert(userInteractions)
      .values({
        id: input.clientId,
        userId: user.id,
        featureType: 'saved',
        featureId: `${item.kind}:${item.key}`,
        actionType: input.saved ? 'save' : 'unsave',
        createdAt: deps.now(),
      })
      .onConflictDoNothing();
  return { ...item, saved: input.saved };
}

const iso = (v: string | Date) => new Date(v).toISOString();

/** The student's bookmarks by kind, newest first, each with what its row on /saved shows. */
export async function savedList(
  { db }: ServiceDeps,
  user: { id: string; courseLevel: CourseLevel },
  scenarios: Scenarios,
): Promise<SavedListResponse> {
  const levels = levelsOf(user.courseLevel);
  const mine = (kind: MarkKind) => sql`m.user_id = ${user.id} and m.kind = ${kind} and m.mark = 'bookmark'`;
  const [cards, questions, videos, scenarioMarks] = await Promise.all([
    db.execute<{
      key: string;
      id: number;
      category: string;
      course_level: 'EMT' | 'Paramedic';
      front: string;
      back: string;
      saved_at: string | Date;
    }>(sql`
      select f.key, f.id, f.category, f.course_level, f.front_text as front, f.back_text as back, m.created_at as saved_at
      from item_marks m join flashcards f on f.key = m.key
      where ${mine('flashcard')} and f.course_level in (${list(levels)})
      order by m.created_at desc, f.key`),
    db.execute<{ key: string; level: 'EMT' | 'Paramedic'; domain: string; topic: string; stem: string; saved_at: string | Date }>(sql`
      select i.key, i.level, i.domain, i.topic, i.body->>'stem' as stem, m.created_at as saved_at
      from item_marks m join question_items i on i.key = m.key
      where ${mine('question')} and i.level in (${list(levels)}) and ${visibleOutsideExam(user.id)}
      order by m.created_at desc, i.key`),
    db.execute<{
      key: string;
      id: number;
      title: string;
      category: string;
      duration: string;
      thumbnail_url: string;
      course_level: CourseLevel;
      saved_at: string | Date;
    }>(sql`
      select v.key, v.id, v.title, v.category, v.duration, v.thumbnail_url, v.course_level, m.created_at as saved_at
      from item_marks m join videos v on v.key = m.key
      where ${mine('video')} and v.course_level in (${list(videoLevelsFor(user.courseLevel))})
      order by m.created_at desc, v.key`),
    db.execute<{ key: string; saved_at: string | Date }>(sql`
      select m.key, m.created_at as saved_at from item_marks m where ${mine('scenario')} order by m.created_at desc, m.key`),
  ]);
  const byKey = new Map(scenariosOf(user.courseLevel, scenarios).map((s) => [s.key, s]));
  const scenarioRows = scenarioMarks.rows.flatMap((r) => {
    const s = byKey.get(r.key);
    return s ? [{ key: s.key, name: s.name, title: s.title, group: s.group, savedAt: iso(r.saved_at) }] : [];
  });
  return {
    counts: { flashcard: cards.rows.length, question: questions.rows.length, scenario: scenarioRows.length, video: videos.rows.length },
    flashcards: cards.rows.map((r) => ({
      key: r.key,
      id: r.id,
      category: r.category,
      courseLevel: r.course_level,
      front: r.front,
      back: r.back,
      savedAt: iso(r.saved_at),
    })),
    questions: questions.rows.map((r) => ({
      key: r.key,
      level: r.level,
      domain: r.domain,
      topic: r.topic,
      stem: r.stem,
      savedAt: iso(r.saved_at),
    })),
    scenarios: scenarioRows,
    videos: videos.rows.map((r) => ({
      key: r.key,
      id: r.id,
      title: r.title,
      category: r.category,
      duration: r.duration,
      thumbnailUrl: r.thumbnail_url,
      courseLevel: r.course_level,
      savedAt: iso(r.saved_at),
    })),
  };
}
