import { describe, expect, it } from 'vitest';
import { ALL_CATEGORIES } from './constants';
import {
  durationSeconds,
  filterVideos,
  VIDEO_FILTER_CATEGORIES,
  videoCategories,
  videoCountText,
  videoLevelsFor,
  videoSource,
} from './videos';

const videos = [
  { title: 'High-Quality Adult CPR', category: 'Cardiology' },
  { title: 'Primary Assessment: XABCDE', category: 'Assessment' },
  { title: 'Reading a Rhythm Strip', category: 'Cardiology' },
  { title: 'Tension Pneumothorax', category: 'Trauma' },
];

describe('video filter and search', () => {
  it('filters by category; All Categories keeps everything', () => {
    expect(filterVideos(videos, ALL_CATEGORIES, '')).toHaveLength(4);
    expect(filterVideos(videos, 'Cardiology', '').map((v) => v.title)).toEqual(['High-Quality Adult CPR', 'Reading a Rhythm Strip']);
    expect(filterVideos(videos, 'Pharmacology', '')).toEqual([]);
  });
  it('searches title or category, case-insensitively, ignoring surrounding spaces', () => {
    expect(filterVideos(videos, ALL_CATEGORIES, '  cpr ').map((v) => v.title)).toEqual(['High-Quality Adult CPR']);
    expect(filterVideos(videos, ALL_CATEGORIES, 'TRAUMA').map((v) => v.title)).toEqual(['Tension Pneumothorax']);
    expect(filterVideos(videos, ALL_CATEGORIES, 'cardio')).toHaveLength(2);
    expect(filterVideos(videos, 'Cardiology', 'strip').map((v) => v.title)).toEqual(['Reading a Rhythm Strip']);
    expect(filterVideos(videos, 'Trauma', 'strip')).toEqual([]);
  });
  it('words the count exactly as the specification', () => {
    expect(videoCountText(0)).toBe('0 video(s) available');
    expect(videoCountText(1)).toBe('1 video(s) available');
    expect(videoCountText(10)).toBe('10 video(s) available');
  });
  it('offers the categories present, in the fixed order, after All Categories', () => {
    expect(videoCategories(videos)).toEqual([ALL_CATEGORIES, 'Assessment', 'Cardiology', 'Trauma']);
    expect(VIDEO_FILTER_CATEGORIES).toEqual([
      ALL_CATEGORIES,
      'Airway/Respiratory',
      'Anatomy',
      'Assessment',
      'Cardiology',
      'Medical',
      'Pharmacology',
      'Trauma',
    ]);
  });
  it('shows Both videos to everyone and every video to a Both student', () => {
    expect(videoLevelsFor('Paramedic')).toEqual(['Paramedic', 'Both']);
    expect(videoLevelsFor('EMT')).toEqual(['EMT', 'Both']);
    expect(videoLevelsFor('Both')).toEqual(['Paramedic', 'EMT', 'Both']);
  });
  it('reads m:ss durations', () => {
    expect(durationSeconds('1:08')).toBe(68);
    expect(durationSeconds('12:00')).toBe(720);
    expect(durationSeconds('1:02:03')).toBe(3723);
    expect(durationSeconds('soon')).toBeNull();
    expect(durationSeconds('1:75')).toBeNull();
  });
});

describe('video source detection', () => {
  const yt = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
  it('turns YouTube watch, share, shorts and embed URLs into a youtube-nocookie embed', () => {
    expect(videoSource('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({ kind: 'youtube', src: yt });
    expect(videoSource('https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=share')).toEqual({ kind: 'youtube', src: yt });
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ')).toEqual({ kind: 'youtube', src: yt });
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ?si=abc')).toEqual({ kind: 'youtube', src: yt });
    expect(videoSource('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toEqual({ kind: 'youtube', src: yt });
    expect(videoSource('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual({ kind: 'youtube', src: yt });
    expect(videoSource(yt)).toEqual({ kind: 'youtube', src: yt });
  });
  it('keeps a YouTube start time', () => {
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ?t=90').src).toBe(`${yt}?start=90`);
    expect(videoSource('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s').src).toBe(`${yt}?start=90`);
  });
  it('turns Vimeo page and player URLs into a player.vimeo.com embed', () => {
    expect(videoSource('https://vimeo.com/76979871')).toEqual({ kind: 'vimeo', src: 'https://player.vimeo.com/video/76979871' });
    expect(videoSource('https://player.vimeo.com/video/76979871')).toEqual({
      kind: 'vimeo',
      src: 'https://player.vimeo.com/video/76979871',
    });
    expect(videoSource('https://vimeo.com/channels/staffpicks/76979871')).toEqual({
      kind: 'vimeo',
      src: 'https://player.vimeo.com/video/76979871',
    });
    expect(videoSource('https://vimeo.com/76979871/8a9b7c6d5e')).toEqual({
      kind: 'vimeo',
      src: 'https://player.vimeo.com/video/76979871?h=8a9b7c6d5e',
    });
  });
  it('plays anything else directly as a file', () => {
    expect(videoSource('/media/videos/vid-adult-cpr-quality.mp4')).toEqual({
      kind: 'file',
      src: '/media/videos/vid-adult-cpr-quality.mp4',
    });
    expect(videoSource('https://cdn.example.org/clips/cpap.mp4')).toEqual({ kind: 'file', src: 'https://cdn.example.org/clips/cpap.mp4' });
    expect(videoSource('https://www.youtube.com/channel/UC123').kind).toBe('file');
    expect(videoSource('https://notyoutube.com/watch?v=dQw4w9WgXcQ').kind).toBe('file');
    expect(videoSource('https://vimeo.com/about').kind).toBe('file');
  });
});
