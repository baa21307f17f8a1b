import { ALL_CATEGORIES, VIDEO_CATEGORIES, type CourseLevel } from './constants';
import type { Video } from './contracts/videos';

/** Video library rules shared by the Videos screen and the API (docs/product.md §2, §3, §8 and §9). */

/** One video as the API sends it: the contract's type (docs/product.md §3, videos). */
export type { Video } from './contracts/videos';

/** The fixed category list of docs/product.md §9, "All Categories" first. */
export const VIDEO_FILTER_CATEGORIES: readonly string[] = [ALL_CATEGORIES, ...VIDEO_CATEGORIES];

/** The video course levels a student sees: a Both video shows to everyone; a Both student sees all. */
export function videoLevelsFor(courseLevel: CourseLevel): CourseLevel[] {
  return courseLevel === 'Both' ? ['Paramedic', 'EMT', 'Both'] : [courseLevel, 'Both'];
}

/** Category filter plus a case-insensitive search over title or category (docs/product.md §9). */
export function filterVideos<T extends Pick<Video, 'title' | 'category'>>(videos: readonly T[], category: string, search: string): T[] {
  const needle = search.trim().toLowerCase();
  return videos.filter(
    (v) =>
      (category === ALL_CATEGORIES || v.category === category) &&
      (needle === '' || v.title.toLowerCase().includes(needle) || v.category.toLowerCase().includes(needle)),
  );
}

/** The filter chips for a loaded list: All Categories, then the categories present, in the fixed order. */
export function videoCategories(videos: readonly Pick<Video, 'category'>[]): string[] {
  const present = new Set(videos.map((v) => v.category));
  const known = VIDEO_CATEGORIES.filter((c) => present.has(c));
  const other = [...present].filter((c) => !(VIDEO_CATEGORIES as readonly string[]).includes(c)).sort();
  return [ALL_CATEGORIES, ...known, ...other];
}

/** The count line, worded exactly as the specification writes it. */
export function videoCountText(n: number): string {
  return `${n} video(s) available`;
}

/** "m:ss" (or "h:mm:ss") to seconds; null when it is not a duration. */
export function durationSeconds(duration: string): number | null {
  const m = /^(?:(\d+):)?(\d{1,3}):([0-5]\d)$/.exec(duration.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

export type VideoSource = { kind: 'youtube' | 'vimeo'; src: string } | { kind: 'file'; src: string };

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/** A YouTube start time (`t=90`, `t=1m30s`, `start=90`) in whole seconds. */
function youtubeStart(url: URL): number | null {
  const raw = url.searchParams.get('start') ?? url.searchParams.get('t');
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return Number(raw);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(raw);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www|m|music)\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return parts[0] ?? null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (parts[0] === 'watch') return url.searchParams.get('v');
  if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live' || parts[0] === 'v') return parts[1] ?? null;
  return null;
}

function vimeoEmbed(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get('h');
  if (host === 'player.vimeo.com' && parts[0] === 'video') id = parts[1];
  else if (host === 'vimeo.com') {
    const at = parts.findIndex((p) => /^\d+$/.test(p));
    id = at >= 0 ? parts[at] : undefined;
    // Unlisted videos carry their privacy hash as the next path segment: vimeo.com/123/abc123
    if (at >= 0 && parts[at + 1] && /^[0-9a-f]+$/i.test(parts[at + 1]!)) hash = parts[at + 1]!;
  }
  if (!id || !/^\d+$/.test(id)) return null;
  return `https://player.vimeo.com/video/${id}${hash ? `?h=${encodeURIComponent(hash)}` : ''}`;
}

/**
 * How a video URL is played: YouTube watch, share, shorts and embed URLs become a privacy-enhanced
 * youtube-nocookie.com embed; Vimeo page and player URLs become a player.vimeo.com embed; anything
 * else (a file shipped under /media/videos/ or an https MP4) is played directly.
 */
export function videoSource(videoUrl: string): VideoSource {
  const raw = videoUrl.trim();
  let url: URL;
  try {
    url = new URL(raw, 'https://app.invalid');
  } catch {
    return { kind: 'file', src: raw };
  }
  if (url.protocol === 'https:' || url.protocol === 'http:') {
    const yt = youtubeId(url);
    if (yt && YOUTUBE_ID.test(yt)) {
      const start = youtubeStart(url);
      return { kind: 'youtube', src: `https://www.youtube-nocookie.com/embed/${yt}${start ? `?start=${start}` : ''}` };
    }
    const vimeo = vimeoEmbed(url);
    if (vimeo) return { kind: 'vimeo', src: vimeo };
  }
  return { kind: 'file', src: raw };
}
