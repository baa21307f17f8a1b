import { useState } from 'react';
import { isImageFront, showCategoryLabel } from '@shared/flashcards';
import { ZoomDialog } from '../../components/ui/zoom-dialog';
import { cn } from '../../lib/cn';
import type { Card } from './api/get-deck-page';
import { Icon } from '../../components/icon';

const isRhythm = (card: Card) => /EKG|ECG/i.test(card.category);
/** What the front of an image card asks. */
export const imagePrompt = (card: Card) => (isRhythm(card) ? 'Identify this rhythm' : 'Identify what this image shows');
const imageAlt = (card: Card) => (isRhythm(card) ? 'Rhythm strip to identify' : 'Image for this card');

/**
 * The card: front (text or an image such as a rhythm strip), back on flip; motion is reduced when
 * asked. An image front has its question above it and a zoom control beside the card (a tap on the
 * card flips it, so zooming has its own button).
 */
export function FlipCard(props: { card: Card; flipped: boolean; onFlip: () => void; selectedCategory: string; flaggedMode: boolean }) {
  const [zoomOpen, setZoomOpen] = useState(false);
  const image = isImageFront(props.card.front);
  return (
    <div className="relative">
      <CardFaces {...props} />
      {image && !props.flipped && (
        <button
          type="button"
          onClick={() => setZoomOpen(true)}
          aria-label={isRhythm(props.card) ? 'Zoom the rhythm strip' : 'Zoom the image'}
          className="absolute bottom-3 right-3 flex size-11 items-center justify-center rounded-full bg-navy-900 text-white shadow-md hover:bg-navy-800"
        >
          <Icon name="zoom-in" className="size-5" />
        </button>
      )}
      {image && (
        <ZoomDialog
          src={props.card.front}
          alt={imageAlt(props.card)}
          title={imagePrompt(props.card)}
          open={zoomOpen}
          onOpenChange={setZoomOpen}
        />
      )}
    </div>
  );
}

function CardFaces({
  card,
  flipped,
  onFlip,
  selectedCategory,
  flaggedMode,
}: {
  card: Card;
  flipped: boolean;
  onFlip: () => void;
  selectedCategory: string;
  flaggedMode: boolean;
}) {
  const label = showCategoryLabel(selectedCategory);
  const face = 'absolute inset-0 flex flex-col rounded-3xl p-6 shadow-lg ring-1 [backface-visibility:hidden] overflow-y-auto';
  return (
    <button
      type="button"
      onClick={onFlip}
      className="relative block h-[min(44dvh,400px)] w-full rounded-3xl [perspective:1200px]"
      aria-label={
        flipped
          ? 'Answer shown. Press to show the question.'
          : `${isImageFront(card.front) ? `${imagePrompt(card)}. ` : ''}Question shown. Press to show the answer.`
      }
    >
      <span
        className={cn(
          'relative block h-full w-full transition-transform duration-500 [transform-style:preserve-3d] motion-reduce:transition-none rounded-3xl',
          flipped && '[transform:rotateY(180deg)]',
        )}
      >
        <span
          className={cn(face, flaggedMode ? 'bg-signal-50 ring-signal-500/30' : 'bg-white ring-line')}
          aria-hidden={flipped}
          inert={flipped}
        >
          <span className="flex items-center justify-between text-xs font-bold uppercase tracking-wider text-muted">
            <span>{label ? card.category : 'Question'}</span>
            {card.isFlagged && <span className="rounded-full bg-signal-500 px-2 py-0.5 text-white">Flagged</span>}
          </span>
          <span className="flex flex-1 items-center justify-center py-4">
            {isImageFront(card.front) ? (
              <span className="flex h-full w-full flex-col items-center justify-center gap-3">
                <span className="text-center text-lg font-semibold text-navy-900">{imagePrompt(card)}</span>
                <img src={card.front} alt={imageAlt(card)} className="max-h-full min-h-0 w-full rounded-xl bg-white object-contain" />
              </span>
            ) : (
              <span className="text-center text-xl font-semibold leading-snug text-navy-900 sm:text-2xl">{card.front}</span>
            )}
          </span>
          <span className="text-center text-xs text-muted">Tap to flip</span>
        </span>
        <span
          className={cn(
            face,
            '[transform:rotateY(180deg)]',
            flaggedMode ? 'bg-signal-700 text-white ring-signal-700' : 'bg-navy-900 text-white ring-navy-900',
          )}
          aria-hidden={!flipped}
          inert={!flipped}
        >
          <span className="text-xs font-bold uppercase tracking-wider text-white/70">{label ? `${card.category} · Answer` : 'Answer'}</span>
          <span className="flex flex-1 items-center py-4">
            <span className="w-full whitespace-pre-line text-left text-[17px] leading-relaxed">{card.back}</span>
          </span>
        </span>
      </span>
    </button>
  );
}
