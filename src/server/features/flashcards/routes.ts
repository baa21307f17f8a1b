import { Hono } from 'hono';
import { z } from 'zod';
import { PG_INT_MAX } from '../../../shared/constants';
import { cardStateSchema, categoryParam, DECKS } from '../../../shared/flashcards';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { readJson, readQuery, validationError } from '../../lib/http';
import { contentVersion } from '../../content/import';
import { deckPage, deckSummary, levelsFor, saveCardState, unflagCorrect } from './service';

const deckQuery = z.object({ deck: z.enum(DECKS) });
const pageQuery = z.object({
  deck: z.enum(DECKS),
  category: categoryParam,
  filter: z.enum(['all', 'flagged']).default('all'),
  seed: z
    .string()
    .regex(/^[a-z0-9]{1,32}$/i, 'seed must be 1 to 32 letters or digits')
    .default('0'),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});
const unflagBody = z.object({ deck: z.enum(DECKS), category: categoryParam });
const cardId = z.coerce.number().int('Unknown card').positive('Unknown card').max(PG_INT_MAX, 'Unknown card');

export const flashcardRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireSubscription)
  .get('/summary', async (c) => {
    const { deck } = readQuery(c, deckQuery);
    const db = c.get('deps').database.db;
    const levels = levelsFor(c.get('user').courseLevel, deck);
    return c.json({ deck, levels, categories: await deckSummary(db, c.get('user').id, levels), contentVersion: await contentVersion(db) });
  })
  .get('/page', async (c) => {
    const q = readQuery(c, pageQuery);
    const db = c.get('deps').database.db;
    const levels = levelsFor(c.get('user').courseLevel, q.deck);
    return c.json(
      await deckPage(db, c.get('user').id, levels, { category: q.category, flagged: q.filter === 'flagged', seed: q.seed, page: q.page }),
    );
  })
  .put('/:id/state', async (c) => {
    const parsedId = cardId.safeParse(c.req.param('id'));
    if (!parsedId.success) throw validationError(parsedId.error);
    const body = await readJson(c, cardStateSchema);
    const db = c.get('deps').database.db;
    const levels = levelsFor(c.get('user').courseLevel, 'mine');
    return c.json(
      await saveCardState(
        db,
        c.get('user').id,
        parsedId.data,
        { isFlagged: body.is_flagged, isCorrect: body.is_correct, isWrong: body.is_wrong },
        levels,
        body.review && {
          clientId: body.review.client_id,
          ...(body.review.reviewed_at ? { reviewedAt: new Date(body.review.reviewed_at) } : {}),
        },
      ),
    );
  })
  .post('/unflag-correct', async (c) => {
    const { deck, category } = await readJson(c, unflagBody);
    const db = c.get('deps').database.db;
    const levels = levelsFor(c.get('user').courseLevel, deck);
    return c.json(await unflagCorrect(db, c.get('user').id, levels, category));
  });
