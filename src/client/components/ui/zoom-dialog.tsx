import { useState } from 'react';
import { Modal } from './modal';

const ZOOMS = [1, 1.5, 2, 3] as const;

/**
 * An image (a rhythm strip, a photo) across the whole width of the screen, larger on request and panned with a finger;
 * pinch-zoom is allowed and the phone may be turned sideways. Flashcards and question items open their images here.
 */
export function ZoomDialog({
  src,
  alt,
  title,
  open,
  onOpenChange,
}: {
  src: string;
  alt: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [zoom, setZoom] = useState(0);
  const scale = ZOOMS[zoom]!;
  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) setZoom(0);
      }}
      title={title}
      description="Turn your phone sideways or zoom in to read the strip."
      className="sm:max-w-4xl!"
    >
      <div className="-mx-6 overflow-x-auto bg-white [touch-action:pan-x_pan-y_pinch-zoom]" data-testid="zoomed-image">
        <img src={src} alt={alt} className="block h-auto max-w-none" style={{ width: `${scale * 100}%` }} />
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <button
          type="button"
          onClick={() => setZoom((z) => Math.max(0, z - 1))}
          disabled={zoom === 0}
          className="min-h-11 rounded-xl bg-white font-semibold text-navy-900 ring-1 ring-inset ring-line hover:bg-navy-50 disabled:opacity-50"
        >
          Zoom out
        </button>
        <button
          type="button"
          onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
          disabled={zoom === ZOOMS.length - 1}
          className="min-h-11 rounded-xl bg-navy-900 font-semibold text-white hover:bg-navy-800 disabled:opacity-50"
        >
          Zoom in
        </button>
      </div>
      <p className="mt-2 text-center text-sm text-muted" aria-live="polite">
        {scale === 1 ? 'Full width' : `${scale}× — swipe sideways to follow the strip`}
      </p>
    </Modal>
  );
}
