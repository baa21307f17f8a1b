import type { Video } from '@shared/videos';
import { Icon } from '../../components/icon';

/** A library card: thumbnail with its duration, title and category; the whole card opens the player. */
export function VideoCard({ video, onOpen }: { video: Video; onOpen: (v: Video) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(video)}
      className="group flex w-full gap-3 overflow-hidden rounded-2xl bg-surface p-2 text-left shadow-sm ring-1 ring-line/70 transition hover:shadow-md hover:ring-navy-600/30 active:scale-[0.99] sm:flex-col sm:gap-0 sm:p-0"
    >
      <span
        data-testid="video-thumbnail"
        className="relative block aspect-video w-36 shrink-0 overflow-hidden rounded-xl bg-navy-900 sm:w-full sm:rounded-none"
      >
        <img
          src={video.thumbnailUrl}
          alt=""
          loading="lazy"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {/* the play mark rides on the duration chip: the thumbnails print their title across the top and middle */}
        <span className="absolute inset-0 bg-navy-950/0 transition-colors group-hover:bg-navy-950/25" aria-hidden="true" />
        <span className="absolute bottom-1.5 right-1.5 flex items-center gap-1 rounded-md bg-navy-950/85 py-0.5 pl-1 pr-1.5 text-xs font-semibold tabular-nums text-white">
          <span data-testid="video-play" aria-hidden="true">
            <Icon name="play" className="size-3.5" />
          </span>
          <span className="sr-only">Duration </span>
          {video.duration}
        </span>
      </span>
      <span className="flex min-w-0 flex-1 flex-col justify-center gap-1.5 py-1 pr-1 sm:p-4">
        <span className="line-clamp-2 text-[15px] font-semibold leading-snug text-navy-900">{video.title}</span>
        <span className="w-fit rounded-full bg-navy-50 px-2.5 py-0.5 text-xs font-semibold text-navy-800">{video.category}</span>
      </span>
    </button>
  );
}
