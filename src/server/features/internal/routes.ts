import { timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../deps';
import { createUserInputSchema, createVerifiedUser } from '../../auth/create-user';
import { forbidden, readJson } from '../../lib/http';

export const INTERNAL_TOKEN_HEADER = 'x-medicprep-internal-token';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The local-only channel the CLI uses while this server holds the embedded database's files: only
 * from this machine, only with the token written to the data directory at start-up.
 */
const localOnly = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.get('deps').internalToken;
  const given = c.req.header(INTERNAL_TOKEN_HEADER) ?? '';
  let address = '';
  try {
    address = getConnInfo(c).remote.address ?? '';
  } catch {
    address = '';
  }
  const tokenOk = expected !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!tokenOk || !LOOPBACK.test(address)) throw forbidden('Not available.');
  await next();
});

export const internalRoutes = new Hono<AppEnv>().post('/users', localOnly, async (c) => {
  const input = await readJson(c, createUserInputSchema);
  const { auth, database } = c.get('deps');
  return c.json({ user: await createVerifiedUser(auth, database.db, input) }, 201);
});
