import { forwardRef } from 'react';
import type { PublicItem } from '@shared/contracts/questions';
import { Icon } from '../icon';

/**
 * The top of an item: where it is in the quiz ("Question n of m", or "Question n" in the exam), its domain and topic chips, its case
 * (collapsible), image and stem. The practice exam passes `categories={false}`: the real exam names no domain, and the chip hints at
 * the answer.
 */
export const ItemHeader = forwardRef<
  HTMLHeadingElement,
  {
    item: PublicItem;
    n: number;
    m?: number;
    actions: React.ReactNode;
    /** instead of "Question n" */ title?: string;
    /** the domain and topic chips (default shown) */ categories?: boolean;
  }
>(function ItemHeader({ item, n, m, actions, title, categories = true }, ref) {
  // a topic named like its domain ("Trauma") is one chip, not "Trauma · Trauma"
  const chips = categories ? [...new Set([item.domain, item.topic])] : [];
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <h2
          ref={ref}
          id="question-heading"
          tabIndex={-1}
          className="whitespace-nowrap text-sm font-bold uppercase tracking-wider text-muted outline-none"
        >
          {title ?? (m === undefined ? `Question ${n}` : `Question ${n} of ${m}`)}
        </h2>
        <div className="-mr-2 flex items-center">{actions}</div>
      </div>
      {(chips.length > 0 || item.pediatric) && (
        <p className="mt-1 flex flex-wrap gap-1.5 text-xs font-semibold text-navy-700">
          {chips.map((chip) => (
            <span key={chip} className="rounded-full bg-navy-50 px-2.5 py-1">
              {chip}
            </span>
          ))}
          {item.pediatric && <span className="rounded-full bg-amber-100 px-2.5 py-1 text-amber-600">Pediatric</span>}
        </p>
      )}
      {item.case && (
        <details open className="group mt-4 rounded-2xl bg-navy-50/70 ring-1 ring-inset ring-line">
          <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 px-4 py-2 text-[15px] font-bold text-navy-900 [&::-webkit-details-marker]:hidden">
            <Icon name="book" className="size-5 shrink-0 text-navy-700" />
            <span className="min-w-0 flex-1">Case: {item.case.title}</span>
            <Icon name="chevron-down" className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180" />
          </summary>
          <div className="space-y-3 px-4 pb-4 text-[15px] leading-relaxed text-ink">
            <p className="whitespace-pre-line">{item.case.presentation}</p>
            {item.case.update && (
              <div className="rounded-xl bg-white p-3 ring-1 ring-line">
                <p className="text-xs font-bold uppercase tracking-wide text-signal-600">Update</p>
                <p className="mt-1 whitespace-pre-line">{item.case.update}</p>
              </div>
            )}
          </div>
        </details>
      )}
      {item.image && (
        <figure className="mt-4 overflow-hidden rounded-2xl bg-white ring-1 ring-line">
          <img
            src={item.image}
            alt={item.image.includes('/ekg/') ? 'The EKG rhythm strip of this question' : 'The image of this question'}
            className="block h-auto w-full"
          />
        </figure>
      )}
      <p className="mt-4 text-[17px] font-semibold leading-snug text-navy-900 sm:text-xl">{item.stem}</p>
    </>
  );
});
