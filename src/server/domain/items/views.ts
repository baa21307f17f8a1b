// A question item as the student receives and answers it: the rows (and the exam's cache of them), the per-session option
// order, the public view (nothing that tells the answer), scoring and feedback. Shared by practice, review and the exam.
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  caseUpdateFor,
  keyedAnswer,
  type AnswerParts,
  type QuestionAnswer,
  type QuestionType,
  type ScorableItem,
} from '../../../shared/questions';
import { type Feedback, type PublicItem } from '../../../shared/contracts/questions';
import { wordCount } from '../../../shared/srs';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { questionItems as qi } from '../../db/schema';

/** An item's body as question_items.body holds it (the file's item without its indexed columns). */
export interface ItemBody {
  stem: string;
  options: { text: string; rationale: string; correct?: boolean; position?: number; category?: string }[];
  categories?: string[];
  image?: string;
  reference: string;
}

/** Words a student reads to answer an item: its stem and its options (the reading time of decision 091). */
export const itemWords = (row: Pick<ItemRow, 'body'>) =>
  wordCount(row.body.stem) + row.body.options.reduce((n, o) => n + wordCount(o.text), 0);

const OPTION_IDS = 'abcdefgh';

// ---------------------------------------------------------------------------------------------------
// Items as sent

export type ItemRow = {
  key: string;
  type: QuestionType;
  domain: string;
  topic: string;
  pediatric: boolean;
  body: ItemBody;
  case_key: string | null;
  case_order: number | null;
  case_title: string | null;
  case_presentation: string | null;
  case_updates: Record<string, string> | null;
  flagged: boolean;
};

export const itemColumns = sql`
  i.key, i.type, i.domain, i.topic, i.pediatric, i.body, i.case_key, i.case_order,
  c.title as case_title, c.presentation as case_presentation, c.updates as case_updates,
  (f.user_id is not null) as flagged`;
export const itemJoins = (userId: string) => sql`
  left join question_cases c on c.key = i.case_key
  left join item_marks f on f.user_id = ${userId} and f.kind = 'question' and f.key = i.key and f.mark = 'flag'`;

export async function itemRows({ db }: Pick<ServiceDeps, 'db'>, userId: string, keys: string[]): Promise<Map<string, ItemRow>> {
  if (keys.length === 0) return new Map();
  const { rows } = await db.execute<ItemRow>(sql`
    select ${itemColumns} from ${qi} i ${itemJoins(userId)}
    where i.key in ${sql`(${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`}`);
  return new Map(rows.map((r) => [r.key, r]));
}

/** How long a process keeps an item's row for the exam (bodies change only on a content import); an age, measured on the
 * monotonic timer, not the product's clock. */
export const ITEM_CACHE_TTL_MS = 30_000;
type ItemEntry = { at: number; row: ItemRow };
const itemCache = new WeakMap<Db, Map<string, ItemEntry>>();

/**
 * An item's row without any student's flag (the exam has no flag button), kept for ITEM_CACHE_TTL_MS per database: an exam
 * answer needs the answered item's key and the next item's text.
 */
export async function cachedItemRow({ db }: Pick<ServiceDeps, 'db'>, key: string): Promise<ItemRow | undefined> {
  let byKey = itemCache.get(db);
  if (!byKey) itemCache.set(db, (byKey = new Map<string, ItemEntry>()));
  const hit = byKey.get(key);
  if (hit && performance.now() - hit.at < ITEM_CACHE_TTL_MS) return hit.row;
  const row = (await itemRows({ db }, '', [key])).get(key);
  if (row) byKey.set(key, { at: performance.now(), row });
  return row;
}

/** A random order of n options (Fisher–Yates on a CSPRNG). */
export function shuffled(n: number): number[] {
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [p[i], p[j]] = [p[j]!, p[i]!];
  }
  return p;
}

/**
 * An option order that needs no storage (a question on /review, decision 079): a Fisher–Yates shuffle driven by an HMAC of the
 * student, the item and a random token under the server's secret. The token travels with the queue and comes back with the
 * answer, so an answer given offline is scored in the order it was shown; without the secret the order tells nothing.
 */
export function tokenPerm(n: number, secret: string, userId: string, itemKey: string, token: string): number[] {
  const bytes = createHmac('sha256', secret).update(`review-order\u0000${userId}\u0000${itemKey}\u0000${token}`).digest();
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1, at = 0; i > 0; i--, at += 4) {
    const j = bytes.readUInt32BE(at % 28) % (i + 1);
    [p[i], p[j]] = [p[j]!, p[i]!];
  }
  return p;
}
export const newOrderToken = () => randomBytes(12).toString('base64url');

/** The options in the session's order, under their session ids. */
export function sessionOptions(row: ItemRow, perm: number[]) {
  return perm.map((fileIndex, i) => ({ id: OPTION_IDS[i]!, ...row.body.options[fileIndex]! }));
}

export function publicItem(row: ItemRow, perm: number[]): PublicItem {
  const options = sessionOptions(row, perm);
  const item: PublicItem = {
    key: row.key,
    type: row.type,
    domain: row.domain,
    topic: row.topic,
    pediatric: row.pediatric,
    stem: row.body.stem,
    options: options.map((o) => ({ id: o.id, text: o.text })),
    flagged: row.flagged,
  };
  if (row.type === 'options_table' || row.type === 'drag_drop') item.categories = [...(row.body.categories ?? [])];
  if (row.type === 'multiple') item.selectCount = options.filter((o) => o.correct === true).length;
  if (row.body.image) item.image = `/media/${row.body.image}`;
  if (row.case_key && row.case_title !== null && row.case_presentation !== null) {
    const update = caseUpdateFor(row.case_updates, row.case_order);
    item.case = { key: row.case_key, title: row.case_title, presentation: row.case_presentation, ...(update ? { update } : {}) };
  }
  return item;
}

export function scorable(row: ItemRow, perm: number[]): ScorableItem {
  return {
    type: row.type,
    categories: row.body.categories,
    options: sessionOptions(row, perm).map((o) => ({ id: o.id, correct: o.correct, position: o.position, category: o.category })),
  };
}

/** The feedback of an answer: its verdict and, for a technology-enhanced item, how many parts were right (checkAnswer's). */
export function feedbackFor(row: ItemRow, perm: number[], { correct, parts }: { correct: boolean; parts: AnswerParts | null }): Feedback {
  return {
    correct,
    ...(parts ? { parts } : {}),
    key: keyedAnswer(scorable(row, perm)),
    options: sessionOptions(row, perm).map((o) => ({ id: o.id, rationale: o.rationale })),
    reference: row.body.reference,
  };
}

/** The option ids an answer names. */
export function answerIds(answer: QuestionAnswer): string[] {
  if ('choice' in answer) return [answer.choice];
  if ('choices' in answer) return answer.choices;
  if ('order' in answer) return answer.order;
  return Object.keys(answer.placements);
}
