import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VIDEO_CATEGORIES } from '@shared/constants';
import { videoSource } from '@shared/videos';
import { SAMPLE_VIDEOS } from '../../src/client/features/videos/samples';

describe('built-in sample videos', () => {
  it('are six clips shipped with the app, described as in the library', () => {
    const library = JSON.parse(readFileSync('content/videos/videos.json', 'utf8')) as {
      title: string;
      duration: string;
      video_url: string;
      thumbnail_url: string;
      category: string;
    }[];
    expect(SAMPLE_VIDEOS).toHaveLength(6);
    expect(new Set(SAMPLE_VIDEOS.map((v) => v.id)).size).toBe(6);
    for (const v of SAMPLE_VIDEOS) {
      expect(videoSource(v.videoUrl).kind).toBe('file');
      expect(existsSync(`.${v.videoUrl}`), v.videoUrl).toBe(true);
      expect(existsSync(`.${v.thumbnailUrl}`), v.thumbnailUrl).toBe(true);
      expect(VIDEO_CATEGORIES).toContain(v.category);
      const entry = library.find((l) => l.video_url === v.videoUrl);
      expect(entry).toMatchObject({ title: v.title, duration: v.duration, thumbnail_url: v.thumbnailUrl, category: v.category });
    }
  });
});
