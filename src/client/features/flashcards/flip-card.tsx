import { isImageFront, showCategoryLabel } from '@shared/flashcards';
import { cn } from '../../lib/cn';
import type { Card } from './api';

/** The card: front (text or an image such as a rhythm strip), back on flip; motion is reduced when asked. */
export function FlipCard({
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
      aria-label={flipped ? 'Answer shown. Press to show the question.' : 'Question shown. Press to show the answer.'}
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
              <img
                src={card.front}
                alt="Rhythm strip or image for this card"
                className="max-h-full w-full rounded-xl bg-white object-contain"
              />
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
