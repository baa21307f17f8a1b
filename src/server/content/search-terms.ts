// The words of the searchable library per level, for the trigram match of a misspelt word
// (docs/decisions/101-search-full-text-and-trigram-terms.md). Built from the same columns the search documents are
// generated from, and only from what a student may find: the exam's reserve and retired items add no word.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { IMAGE_FRONT_SQL } from '../db/schema';

/** Words shorter than this are never corrected (a typo in "iv" is another word), so they are not kept either. */
export const MIN_TERM_LENGTH = 3;

export async function refreshSearchTerms(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_terms`);
    await tx.execute(sql`
      insert into search_terms (term, level)
      select distinct w.term, d.level from (
        select course_level as level, case when front_text ~* ${IMAGE_FRONT_SQL} then '' else front_text end || ' ' || back_text as txt
        from flashcards
        union all
        select level, coalesce(body->>'stem', '') || ' ' || coalesce((
          select string_agg(o, ' ') from jsonb_array_elements_text(jsonb_path_query_array(body, '$.options[*].text')) o), '')
        from question_items where pool = 'practice' and not retired
        union all
        select course_level, title || ' ' || body from scenario_search
        union all
        select l.level, v.title || ' ' || coalesce(v.description, '') from videos v
          cross join lateral unnest(case when v.course_level = 'Both' then array['EMT', 'Paramedic'] else array[v.course_level] end) l(level)
        union all
        select course_level, scenario || ' ' || therapy_name from drag_drop_scenarios
        union all
        select course_level, question_text || ' ' || medication from sorting_questions
      ) d cross join lateral regexp_split_to_table(lower(d.txt), '[^a-z0-9]+') w(term)
      where length(w.term) between ${MIN_TERM_LENGTH} and 40`);
  });
}

/** True when the words were never built (a database migrated before search existed, or just imported into). */
export async function searchTermsEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ empty: boolean }>(sql`select not exists (select 1 from search_terms) as empty`);
  return rows[0]?.empty ?? true;
}
