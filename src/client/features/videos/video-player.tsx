import { useState } from 'react';
import { videoSource, type Video } from '@shared/videos';
import { Alert } from '../../components/ui/alert';
import { Modal } from '../../components/ui/modal';
import { SaveStar } from '../../components/save-star';

/**
 * The player dialog: a YouTube or Vimeo embed in an iframe, or the file itself in a <video>. `onPlay`
 * and `onEnd` report watching to the tracker (an embed is counted from opening to closing).
 */
export function VideoPlayer({
  video,
  onClose,
  onPlay,
  onEnd,
}: {
  video: Video | null;
  onClose: () => void;
  onPlay: (v: Video) => void;
  onEnd: () => void;
}) {
  return (
    <Modal
      open={video !== null}
      onOpenChange={(open) => !open && onClose()}
      title={video?.title ?? ''}
      description={video ? `${video.category} · ${video.duration}` : undefined}
      className="sm:max-w-3xl!"
    >
      {video && <Player key={video.id} video={video} onPlay={onPlay} onEnd={onEnd} />}
    </Modal>
  );
}

function Player({ video, onPlay, onEnd }: { video: Video; onPlay: (v: Video) => void; onEnd: () => void }) {
  const source = videoSource(video.videoUrl);
  const [failed, setFailed] = useState(false);
  return (
    <div className="space-y-4">
      <div className="-mx-2 overflow-hidden rounded-2xl bg-navy-950 shadow-inner sm:mx-0">
        {source.kind === 'file' ? (
          <video
            className="aspect-video w-full bg-navy-950"
            src={source.src}
            poster={video.thumbnailUrl}
            controls
            playsInline
            autoPlay
            preload="metadata"
            onPlay={() => onPlay(video)}
            onEnded={onEnd}
            onError={() => setFailed(true)}
          >
            Your browser cannot play this video.
          </video>
        ) : (
          <iframe
            className="aspect-video w-full"
            src={source.src}
            title={video.title}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
          />
        )}
      </div>
      {failed && <Alert tone="error">This video could not be played. Check your connection and try again.</Alert>}
      <div className="-my-2 flex justify-end">
        <SaveStar kind="video" itemKey={video.key} label="this video" />
      </div>
      {video.description && <p className="text-[15px] leading-relaxed text-ink">{video.description}</p>}
    </div>
  );
}
