import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ALL_CATEGORIES } from '@shared/constants';
import { filterVideos, VIDEO_FILTER_CATEGORIES, videoCategories, videoCountText, type Video } from '@shared/videos';
import { useAuth } from '../../lib/auth/auth-context';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { useFeatureSession } from '../../lib/use-feature-session';
import { useVideos } from './api/get-videos';
import { SAMPLE_VIDEOS } from './samples';
import { useWatchTracking } from './use-watch-tracking';
import { VideoCard } from './video-card';
import { VideoFilters } from './video-filters';
import { VideoPlayer } from './video-player';

/** Video Training (/videos): filter, search, a grid of cards and a player dialog (docs/product.md §2, §8, §9). */
export default function VideosPage() {
  const { user } = useAuth();
  useFeatureSession('video');
  const q = useVideos(user?.id);
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const [search, setSearch] = useState('');
  const [playing, setPlaying] = useState<Video | null>(null);
  const watch = useWatchTracking();
  // `?play=<key>` opens that video's player (a saved video opened from /saved)
  const [params, setParams] = useSearchParams();

  // A load failure falls back to the built-in samples and the fixed category list (docs/product.md §8).
  const fallback = q.isError;
  const videos: readonly Video[] = fallback ? SAMPLE_VIDEOS : (q.data?.videos ?? []);
  const categories = fallback ? VIDEO_FILTER_CATEGORIES : videoCategories(videos);
  const shown = filterVideos(videos, category, search);
  const filtering = category !== ALL_CATEGORIES || search.trim() !== '';
  const linked = params.get('play');
  const shownPlaying = playing ?? (linked ? (videos.find((v) => v.key === linked) ?? null) : null);

  function open(video: Video) {
    setPlaying(video);
    watch.start(video.id);
  }
  // ?video=<id>: a search result opens in the player once the library is loaded (once: closing it stays closed)
  const wanted = Number(params.get('video')) || null;
  const opened = useRef(false);
  const target = wanted === null ? undefined : q.data?.videos.find((v) => v.id === wanted);
  useEffect(() => {
    if (!target || opened.current) return;
    opened.current = true;
    setPlaying(target);
    watch.start(target.id);
  }, [target, watch]);

  function close() {
    watch.end();
    setPlaying(null);
    if (linked || wanted !== null) setParams({}, { replace: true });
  }

  return (
    <>
      <ScreenHeader title="Video Training" subtitle="Short lessons to watch between calls." />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        {fallback && (
          <Alert tone="warning">
            The video library could not be loaded, so these are sample videos.{' '}
            <button className="font-semibold underline" onClick={() => q.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        <VideoFilters categories={categories} category={category} onCategory={setCategory} search={search} onSearch={setSearch} />
        {q.isPending ? (
          <div className="space-y-3" aria-label="Loading videos" role="status">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-24 animate-pulse rounded-2xl bg-white ring-1 ring-line/70 sm:h-56" />
            ))}
          </div>
        ) : (
          <>
            <p className="text-sm font-semibold text-muted" aria-live="polite" data-testid="video-count">
              {videoCountText(shown.length)}
            </p>
            {shown.length === 0 ? (
              <div className="rounded-card bg-surface px-6 py-10 text-center ring-1 ring-line/70">
                <p className="text-lg font-semibold text-navy-900">No videos available</p>
                {filtering && (
                  <>
                    <p className="mt-1 text-[15px] text-muted">Nothing matches this search and category.</p>
                    <Button
                      variant="secondary"
                      className="mt-4"
                      onClick={() => {
                        setSearch('');
                        setCategory(ALL_CATEGORIES);
                      }}
                    >
                      Clear filters
                    </Button>
                  </>
                )}
              </div>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4">
                {shown.map((v) => (
                  <li key={v.id}>
                    <VideoCard video={v} onOpen={open} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </main>
      <VideoPlayer video={shownPlaying} onClose={close} onPlay={(v) => watch.start(v.id)} onEnd={watch.end} />
    </>
  );
}
