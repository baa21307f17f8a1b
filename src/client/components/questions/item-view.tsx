import { forwardRef, useState } from 'react';
import type { CaseView, PublicItem } from '@shared/contracts/questions';
import { Icon } from '../icon';
import { cn } from '../../lib/cn';
import { ZoomDialog } from '../ui/zoom-dialog';
import { useCaseOpen } from './case-view-state';

/**
 * An item on the screen: where it is in the quiz ("Question n of m", or "Question n" in the exam), its domain and topic chips, its case
 * (open on the set's first item, collapsed after it), image (full-screen on a tap), stem and, as `children`, the answer or its
 * feedback. The practice exam passes `categories={false}`: the real exam names no domain, and the chip hints at the answer.
 *
 * From 1024 px wide the item takes two columns, so the question and its options sit beside what they are read with: the case or
 * the image on the left and the stem with the options on the right; an item with neither has its stem on the left and, once
 * answered (`beside`), the verdict with the rationales on the right.
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
    /** the answer controls or the feedback, under the stem */ children?: React.ReactNode;
    /** on a wide screen, put `children` in a column beside the stem (the feedback beside an item with no case or image) */
    beside?: boolean;
  }
>(function ItemHeader({ item, n, m, actions, title, categories = true, children, beside = false }, ref) {
  // a topic named like its domain ("Trauma") is one chip, not "Trauma · Trauma"
  const chips = categories ? [...new Set([item.domain, item.topic])] : [];
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-3">
        <h2
          ref={ref}
          id="question-heading"
          tabIndex={-1}
          className="whitespace-nowrap text-sm font-bold uppercase tracking-wider text-muted outline-none"
        >
          {title ?? (m === undefined ? `Question ${n}` : `Question ${n} of ${m}`)}
        </h2>
        {/* three actions (flag, save, report) fit beside the heading on a phone, and wrap below it rather than widen the page */}
        <div className="-mr-2 ml-auto flex flex-wrap items-center justify-end">{actions}</div>
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
      <ItemColumns
        aside={
          (item.case || item.image) && (
            <>
              {item.case && <CaseText key={item.key} itemKey={item.key} caseView={item.case} />}
              {item.image && <ItemImage src={item.image} />}
            </>
          )
        }
        beside={beside}
        stem={<p className="mt-4 text-[17px] font-semibold leading-snug text-navy-900 sm:text-xl">{item.stem}</p>}
      >
        {children}
      </ItemColumns>
    </>
  );
});

function ItemColumns({
  aside,
  stem,
  beside,
  children,
}: {
  aside: React.ReactNode;
  stem: React.ReactNode;
  beside: boolean;
  children: React.ReactNode;
}) {
  const answer = children ? <div className={cn('mt-5', beside && !aside && 'lg:mt-4')}>{children}</div> : null;
  if (aside) {
    return (
      <div className="lg:grid lg:grid-cols-2 lg:items-start lg:gap-8" data-item-columns>
        <div className="lg:sticky lg:top-4">{aside}</div>
        <div>
          {stem}
          {answer}
        </div>
      </div>
    );
  }
  return (
    <div className={cn(beside && 'lg:grid lg:grid-cols-2 lg:items-start lg:gap-8')} data-item-columns={beside || undefined}>
      {stem}
      {answer}
    </div>
  );
}

/**
 * A case set's shared text: open on its first item; on the later ones collapsed to its title, the latest update shown
 * highlighted (what changed is what the next item asks about) and "Show the case" one tap away.
 */
function CaseText({ itemKey, caseView }: { itemKey: string; caseView: CaseView }) {
  const [open, setOpen] = useCaseOpen(caseView.key, itemKey);
  const update = caseView.update && (
    <div className="rounded-xl bg-white p-3 ring-1 ring-line" data-testid="case-update">
      <p className="text-xs font-bold uppercase tracking-wide text-signal-600">Update</p>
      <p className="mt-1 whitespace-pre-line">{caseView.update}</p>
    </div>
  );
  return (
    <div className="mt-4 rounded-2xl bg-navy-50/70 ring-1 ring-inset ring-line">
      <details open={open} onToggle={(e) => e.currentTarget.open !== open && setOpen(e.currentTarget.open)} className="group">
        <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 px-4 py-2 text-[15px] font-bold text-navy-900 [&::-webkit-details-marker]:hidden">
          <Icon name="book" className="size-5 shrink-0 text-navy-700" />
          <span className="min-w-0 flex-1">Case: {caseView.title}</span>
          <span className="shrink-0 text-sm font-semibold text-navy-700 group-open:hidden">Show the case</span>
          <span className="hidden shrink-0 text-sm font-semibold text-navy-700 group-open:inline">Hide</span>
          <Icon name="chevron-down" className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180" />
        </summary>
        <div className="space-y-3 px-4 pb-4 text-[15px] leading-relaxed text-ink">
          <p className="whitespace-pre-line">{caseView.presentation}</p>
          {update}
        </div>
      </details>
      {!open && update && <div className="px-4 pb-4 text-[15px] leading-relaxed text-ink">{update}</div>}
    </div>
  );
}

/** The item's image, across the column; a tap opens it full-screen, zoomable and pannable (a strip is read sideways). */
function ItemImage({ src }: { src: string }) {
  const [zoomOpen, setZoomOpen] = useState(false);
  const rhythm = src.includes('/ekg/');
  const alt = rhythm ? 'The EKG rhythm strip of this question' : 'The image of this question';
  return (
    <figure className="relative mt-4 overflow-hidden rounded-2xl bg-white ring-1 ring-line">
      <button
        type="button"
        onClick={() => setZoomOpen(true)}
        aria-label={rhythm ? 'Open the rhythm strip full screen' : 'Open the image full screen'}
        className="block w-full cursor-zoom-in"
      >
        <img src={src} alt={alt} className="block h-auto w-full" />
        <span className="absolute bottom-2 right-2 flex size-10 items-center justify-center rounded-full bg-navy-900/85 text-white shadow-md">
          <Icon name="zoom-in" className="size-5" />
        </span>
      </button>
      <ZoomDialog
        src={src}
        alt={alt}
        title={rhythm ? 'Read the rhythm strip' : 'The image of this question'}
        open={zoomOpen}
        onOpenChange={setZoomOpen}
      />
    </figure>
  );
}
