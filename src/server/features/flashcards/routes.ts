import { Hono } from 'hono';
import {
  cardIdParam,
  cardStateBody,
  deckPageQuery,
  deckSummaryQuery,
  unflagCorrectBody,
  type CardStateResponse,
  type DeckPageResponse,
  type DeckSummaryResponse,
  type UnflagCorrectResponse,
} from '../../../shared/contracts/flashcards';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { readJson, readQuery, validationError } from '../../lib/http';
import { contentVersion } from '../../content/import';
import { deckPage, deckSummary, levelsFor, saveCardState, unflagCorrect } from './service';

export const flashcardRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireSubscription)
  .get('/summary', async (c) => {
    const { deck } = readQuery(c, deckSummaryQuery);
    const deps = c.get('deps');
    const levels = levelsFor(c.get('user').courseLevel, deck);
    const body: DeckSummaryResponse = {
      deck,
      levels,
      categories: await deckSummary(deps, c.get('user').id, levels),
      contentVersion: await contentVersion(deps.db),
    };
    return c.json(body);
  })
  .get('/page', async (c) => {
    const q = readQuery(c, deckPageQuery);
    const deps = c.get('deps');
    const levels = levelsFor(c.get('user').courseLevel, q.deck);
    const body: DeckPageResponse = await deckPage(deps, c.get('user').id, levels, {
      category: q.category,
      filter: q.filter,
      seed: q.seed,
      page: q.page,
      ...(q.first === undefined ? {} : { first: q.first }),
    });
    return c.json(body);
  })
  .put('/:id/state', async (c) => {
    const parsedId = cardIdParam.safeParse(c.req.param('id'));
    if (!parsedId.success) throw validationError(parsedId.error);
    const body = await readJson(c, cardStateBody);
    const deps = c.get('deps');
    const levels = levelsFor(c.get('user').courseLevel, 'mine');
    const saved: CardStateResponse = await saveCardState(
      deps,
      c.get('user').id,
      parsedId.data,
      { isFlagged: body.isFlagged, isCorrect: body.isCorrect, isWrong: body.isWrong },
      levels,
      body.review && {
        clientId: body.review.clientId,
        ...(body.review.reviewedAt ? { reviewedAt: new Date(body.review.reviewedAt) } : {}),
      },
    );
    return c.json(saved);
  })
  .post('/unflag-correct', async (c) => {
    const { deck, category } = await readJson(c, unflagCorrectBody);
    const deps = c.get('deps');
    const levels = levelsFor(c.get('user').courseLevel, deck);
    return c.json((await unflagCorrect(deps, c.get('user').id, levels, category)) satisfies UnflagCorrectResponse);
  });
