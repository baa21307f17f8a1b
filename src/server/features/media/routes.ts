import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { CourseLevel } from '../../../shared/constants';
import { ERROR_CODES } from '../../../shared/errors';
import { videoLevelsFor } from '../../../shared/videos';
import type { AppEnv, ServiceDeps } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import type { Db } from '../../db/client';
import { flashcards, videos } from '../../db/schema';
import { errorBody, HttpError } from '../../lib/http';
import { levelsOf } from '../../domain/items';

/**
 * Study media (videos, their thumbnails, EKG strips) live under `<root>/media/` and are served only
 * through these routes: a signed-in, verified subscriber whose course level includes a video or a
 * flashcard naming the file. Anything else under /media answers 404, as does a file no row names.
 */

export type MediaKind = 'videos' | 'ekg';

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

/** One path segment: letters, digits, dot, dash, underscore; no leading dot, so never `..`. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** How long a browser may keep a file it was given (private: never in a shared cache). */
export const MEDIA_MAX_AGE = 3600;

export const mediaUrl = (kind: MediaKind, file: string) => `/media/${kind}/${file}`;

/** May a student of this course level see the file? (null: no video or card names it.) */
export async function mediaAllowed({ db }: ServiceDeps, kind: MediaKind, url: string, courseLevel: CourseLevel): Promise<boolean | null> {
  if (kind === 'videos') {
    const rows = await db
      .select({ level: videos.courseLevel })
      .from(videos)
      .where(or(eq(videos.videoUrl, url), eq(videos.thumbnailUrl, url)));
    if (rows.length === 0) return null;
    const levels: string[] = videoLevelsFor(courseLevel);
    return rows.some((r) => levels.includes(r.level));
  }
  const levels: string[] = levelsOf(courseLevel);
  const [named] = await db.select({ n: sql<number>`count(*)::int` }).from(flashcards).where(eq(sql`trim(${flashcards.frontText})`, url));
  if (!named || named.n === 0) return null;
  const [mine] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(flashcards)
    .where(and(eq(sql`trim(${flashcards.frontText})`, url), inArray(flashcards.courseLevel, levels)));
  return (mine?.n ?? 0) > 0;
}

const notFound = () => new HttpError(404, ERROR_CODES.notFound, 'Not found.');

/** Parses a single `bytes=` range against a file of `size` bytes; 'bad' for an unsatisfiable or malformed one. */
export function parseRange(header: string, size: number): { start: number; end: number } | 'bad' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return header.trim().startsWith('bytes=') ? 'bad' : null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return 'bad';
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return 'bad';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'bad';
  return { start, end };
}

async function serveFile(c: Context<AppEnv>, file: string, head: boolean): Promise<Response> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw notFound();
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
  const headers = new Headers({
    'Content-Type': type,
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': lastModified.toUTCString(),
    'Cache-Control': `private, max-age=${MEDIA_MAX_AGE}`,
    Vary: 'Cookie',
  });

  const ifNoneMatch = c.req.header('if-none-match');
  const ifModifiedSince = c.req.header('if-modified-since');
  const notModified = ifNoneMatch
    ? ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}` || t.trim() === '*')
    : ifModifiedSince !== undefined && !Number.isNaN(Date.parse(ifModifiedSince)) && lastModified.getTime() <= Date.parse(ifModifiedSince);
  if (notModified) return new Response(null, { status: 304, headers });

  const rangeHeader = c.req.header('range');
  const ifRange = c.req.header('if-range');
  const rangeApplies = rangeHeader !== undefined && (ifRange === undefined || ifRange === etag || ifRange === lastModified.toUTCString());
  const range = rangeApplies ? parseRange(rangeHeader, info.size) : null;
  if (range === 'bad') {
    headers.set('Content-Range', `bytes */${info.size}`);
    headers.set('Content-Type', 'application/json');
    return new Response(JSON.stringify(errorBody(ERROR_CODES.badRequest, 'The requested range is not satisfiable.')), { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  headers.set('Content-Length', String(info.size === 0 ? 0 : end - start + 1));
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${info.size}`);
  const status = range ? 206 : 200;
  if (head || info.size === 0) return new Response(null, { status, headers });
  const stream = Readable.toWeb(createReadStream(file, { start, end })) as unknown as ReadableStream;
  return new Response(stream, { status, headers });
}

/** GET/HEAD /media/videos/:file and /media/ekg/:file. `mediaDir` is `<root>/media`. */
export function mediaRoutes(mediaDir: string) {
  const app = new Hono<AppEnv>();
  const handler = async (c: Context<AppEnv>) => {
    const kind = c.req.param('kind');
    const name = c.req.param('file') ?? '';
    if ((kind !== 'videos' && kind !== 'ekg') || !SAFE_NAME.test(name) || name.includes('..')) throw notFound();
    const allowed = await mediaAllowed(c.get('deps'), kind, mediaUrl(kind, name), c.get('user').courseLevel);
    if (allowed === null) throw notFound();
    if (!allowed) throw new HttpError(403, ERROR_CODES.levelNotAvailable, 'This file belongs to a course level that is not yours.');
    const file = path.join(mediaDir, kind, name);
    if (path.dirname(file) !== path.join(mediaDir, kind)) throw notFound();
    return serveFile(c, file, c.req.method === 'HEAD');
  };
  app.get('/:kind/:file', requireUser, requireSubscription, handler);
  app.all('*', () => {
    throw notFound();
  });
  return app;
}

/** The old public addresses of study media answer 404 (the files are no longer in the client build). */
export const legacyMediaRoutes = new Hono<AppEnv>().all('*', () => {
  throw notFound();
});

/**
 * Databases seeded before study media moved keep `/content/videos/…` and `/content/ekg/…` in their
 * rows; rewrite them once at start-up (idempotent: a no-op once no row names an old address).
 */
export async function rewriteLegacyMediaUrls(db: Db): Promise<void> {
  await db.execute(sql`update videos set
      video_url = regexp_replace(video_url, '^/content/videos/', '/media/videos/'),
      thumbnail_url = regexp_replace(thumbnail_url, '^/content/videos/', '/media/videos/')
    where video_url like '/content/videos/%' or thumbnail_url like '/content/videos/%'`);
  await db.execute(sql`update flashcards set front_text = regexp_replace(front_text, '^(\\s*)/content/ekg/', '\\1/media/ekg/')
    where front_text ~ '^\\s*/content/ekg/'`);
}
