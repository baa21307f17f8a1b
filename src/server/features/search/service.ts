// /search over the student's levels' study content (docs/decisions/101-search-full-text-and-trigram-terms.md): the
// words as prefixes against each searchable table's generated tsvector, ranked by ts_rank; a word the library does not
// have is first replaced by its nearest word (pg_trgm) of the student's levels. Questions pass through the item-access
// module: never an item of the exam's reserve or of the student's open exam, and only stems and options are sent.
import { sql, type SQL } from 'drizzle-orm';
import type { CourseLevel } from '../../../shared/constants';
import {
  SEARCH_KINDS,
  SEARCH_PER_KIND,
  searchWords,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
  type SearchResponse,
  type TextSegment,
} from '../../../shared/contracts/search';
import { isImageFront } from '../../../shared/flashcards';
import { videoLevelsFor } from '../../../shared/videos';
import type { ServiceDeps } from '../../deps';
import { levelsOf, visibleOutsideExam } from '../../domain/items';

/** A word this short is never corrected: a typo in it is another word. */
const MIN_CORRECTED_LENGTH = 4;
/** pg_trgm's own default threshold (`%`): a misspelt word is replaced by a word at least this similar. */
const MIN_CORRECTION_SIMILARITY = 0.3;
/** ts_headline marks a match between these (control characters no content has), split into segments here. */
const START = '\u0002';
const STOP = '\u0003';
/**
 * ts_headline parses all the text it is given, and a scenario's steps run to thousands of words: the snippet is taken from
 * a window that opens a little before the first word's first occurrence (or at the start when it occurs only stemmed).
 */
const SNIPPET_LEAD = 120;
const SNIPPET_WINDOW = 480;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

type WordRow = {
  n: number;
  word: string;
  known: boolean;
  nearest: string | null;
};

/**
 * Each word, whether the library has a word it begins (as typed so far), and else its nearest word by trigram similarity.
 * One select per word with the word as a bound value, so both lookups use the trigram index (a word from a VALUES list
 * would be a join the planner walks the whole table for).
 */
async function wordsKnown({ db }: Pick<ServiceDeps, 'db'>, levels: SQL, words: string[]): Promise<WordRow[]> {
  const selects = words.map((w, n) => {
    const known = sql`(length(${w}::text) < ${MIN_CORRECTED_LENGTH}
      or exists (select 1 from search_terms t where t.level in (${levels}) and t.term like ${`${w}%`}))`;
    return sql`
    select ${n}::int as n, ${w}::text as word, ${known} as known,
      case when ${known} then null else (
        select near.term from (
          select t.term, similarity(t.term, ${w}::text) as sim from search_terms t where t.level in (${levels})
          order by t.term <-> ${w}::text limit 1) near
        where near.sim >= ${MIN_CORRECTION_SIMILARITY}) end as nearest`;
  });
  const { rows } = await db.execute<WordRow>(sql`${sql.join(selects, sql` union all `)} order by n`);
  return rows;
}

/** Below this trigram similarity a word of the library is no suggestion for a misspelt one ("xqzv" is near nothing). */
const MIN_SUGGESTION_SIMILARITY = 0.15;

/**
 * With nothing found: for several words, the longest alone (the words are in the library, just not together); for one,
 * the library's word nearest it, when any is near enough.
 */
async function nearestTerm({ db }: Pick<ServiceDeps, 'db'>, levels: SQL, words: string[]): Promise<string | null> {
  const longest = [...words].sort((a, b) => b.length - a.length)[0];
  if (!longest || longest.length < MIN_CORRECTED_LENGTH) return null;
  if (words.length > 1) return longest;
  const { rows } = await db.execute<{ term: string }>(sql`
    select near.term from (
      select t.term, similarity(t.term, ${longest}) as sim from search_terms t
      where t.level in (${levels}) and t.term <> ${longest} order by t.term <-> ${longest} limit 1) near
    where near.sim >= ${MIN_SUGGESTION_SIMILARITY}`);
  return rows[0]?.term ?? null;
}

type HitRow = {
  kind: SearchKind;
  num: number | null;
  key: string | null;
  total: number;
  level: 'EMT' | 'Paramedic' | null;
  category: string | null;
  title: string | null;
  snippet: string | null;
};

/** ts_headline's text with its marks, as the segments the contract sends (no markup reaches the client). */
export function segments(marked: string | null): TextSegment[] {
  if (!marked) return [];
  const out: TextSegment[] = [];
  for (const part of marked.split(START)) {
    const stop = part.indexOf(STOP);
    if (stop < 0) {
      if (part) out.push({ text: part, match: false });
      continue;
    }
    if (stop > 0) out.push({ text: part.slice(0, stop), match: true });
    const rest = part.slice(stop + 1);
    if (rest) out.push({ text: rest, match: false });
  }
  return out;
}

async function matches(deps: Pick<ServiceDeps, 'db'>, userId: string, courseLevel: CourseLevel, words: string[]): Promise<HitRow[]> {
  const levels = list(levelsOf(courseLevel));
  const videoLevels = list(videoLevelsFor(courseLevel));
  // the words are letters and digits only (searchWords), so they are safe as tsquery operands
  const tsquery = words.map((w) => `${w}:*`).join(' & ');
  const titleOptions = sql`'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', HighlightAll=true'`;
  const snippetOptions = sql`'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=26, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "'`;
  const { rows } = await deps.db.execute<HitRow>(sql`
    with q as (select to_tsquery('english', ${tsquery}) as q),
    hits as (
      select 'flashcard'::text as kind, f.id as num, null::text as key, f.course_level as level, ts_rank(f.search_vector, q.q) as rank
        from flashcards f, q where f.search_vector @@ q.q and f.course_level in (${levels})
      union all
      select 'question', null, i.key, i.level, ts_rank(i.search_vector, q.q)
        from question_items i, q where i.search_vector @@ q.q and i.level in (${levels}) and ${visibleOutsideExam(userId, 'i')}
      union all
      select 'scenario', s.id, null, s.course_level, ts_rank(s.search_vector, q.q)
        from scenario_search s, q where s.search_vector @@ q.q and s.course_level in (${levels})
      union all
      select 'video', v.id, null, nullif(v.course_level, 'Both'), ts_rank(v.search_vector, q.q)
        from videos v, q where v.search_vector @@ q.q and v.course_level in (${videoLevels})
      union all
      select 'dragDrop', d.scenario_id, null, min(d.course_level), max(ts_rank(d.search_vector, q.q))
        from drag_drop_scenarios d, q where d.search_vector @@ q.q and d.course_level in (${levels}) group by d.scenario_id
      union all
      select 'sorting', so.question_id, null, min(so.course_level), max(ts_rank(so.search_vector, q.q))
        from sorting_questions so, q where so.search_vector @@ q.q and so.course_level in (${levels}) group by so.question_id
    ),
    ranked as (
      select h.*, (count(*) over (partition by h.kind))::int as total,
        row_number() over (partition by h.kind order by h.rank desc, h.num, h.key) as rn
      from hits h
    ),
    top as (
      select r.kind, r.num, r.key, r.total, r.level, r.rn, f.category,
        case r.kind
          when 'flashcard' then f.front_text
          when 'question' then i.body->>'stem'
          when 'scenario' then s.title
          when 'video' then v.title
          when 'dragDrop' then (select d.scenario from drag_drop_scenarios d where d.scenario_id = r.num order by d.id limit 1)
          when 'sorting' then (select so.question_text from sorting_questions so where so.question_id = r.num order by so.id limit 1)
        end as title,
        case r.kind
          when 'flashcard' then f.back_text
          when 'question' then (select string_agg(o, ' · ') from jsonb_array_elements_text(jsonb_path_query_array(i.body, '$.options[*].text')) o)
          when 'scenario' then s.body
          when 'video' then coalesce(v.description, '')
          when 'dragDrop' then (select string_agg(d.therapy_name, ' · ' order by d.id) from drag_drop_scenarios d where d.scenario_id = r.num)
          when 'sorting' then (select string_agg(so.medication, ' · ' order by so.id) from sorting_questions so where so.question_id = r.num)
        end as body,
        s.key as scenario_key
      from ranked r
      left join flashcards f on r.kind = 'flashcard' and f.id = r.num
      left join question_items i on r.kind = 'question' and i.key = r.key
      left join scenario_search s on r.kind = 'scenario' and s.id = r.num
      left join videos v on r.kind = 'video' and v.id = r.num
      where r.rn <= ${SEARCH_PER_KIND}
    )
    select t.kind, t.num, coalesce(t.scenario_key, t.key) as key, t.total, t.level, t.category,
      ts_headline('english', coalesce(t.title, ''), q.q, ${titleOptions}) as title,
      ts_headline('english', substr(coalesce(t.body, ''), greatest(1, strpos(lower(t.body), ${words[0]!}) - ${SNIPPET_LEAD}), ${SNIPPET_WINDOW}),
        q.q, ${snippetOptions}) as snippet
    from top t, q order by t.kind, t.rn`);
  return rows;
}

/** A card whose front is a picture (a rhythm strip, an image) is named for what it is, not by its file. */
const titleOf = (r: HitRow): TextSegment[] => {
  const title = segments(r.title);
  if (r.kind !== 'flashcard' || !isImageFront(title.map((t) => t.text).join(''))) return title;
  return [{ text: r.category?.startsWith('EKG') ? 'Rhythm strip card' : 'Picture card', match: false }];
};

const hitOf = (r: HitRow): SearchHit => ({
  kind: r.kind,
  id: r.key ?? String(r.num),
  level: r.level,
  title: titleOf(r),
  snippet: segments(r.snippet),
  category: r.category,
});

export async function search(
  deps: Pick<ServiceDeps, 'db'>,
  user: { id: string; courseLevel: CourseLevel },
  query: string,
): Promise<SearchResponse> {
  const words = searchWords(query);
  const empty: SearchResponse = { query, correctedQuery: null, total: 0, groups: [], suggestion: null };
  if (words.length === 0) return empty;
  const levels = list(levelsOf(user.courseLevel));
  const known = await wordsKnown(deps, levels, words);
  const searched = known.map((w) => (w.known || !w.nearest ? w.word : w.nearest));
  const corrected = searched.some((w, i) => w !== words[i]);
  const rows = await matches(deps, user.id, user.courseLevel, searched);
  const byKind = new Map<SearchKind, SearchGroup>();
  for (const r of rows) {
    const group = byKind.get(r.kind) ?? { kind: r.kind, total: r.total, hits: [] };
    group.hits.push(hitOf(r));
    byKind.set(r.kind, group);
  }
  const groups = SEARCH_KINDS.flatMap((k) => byKind.get(k) ?? []);
  const total = groups.reduce((n, g) => n + g.total, 0);
  return {
    query,
    correctedQuery: corrected ? searched.join(' ') : null,
    total,
    groups,
    suggestion: total === 0 ? await nearestTerm(deps, levels, searched) : null,
  };
}
