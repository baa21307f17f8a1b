import { useEffect, useRef, useState } from 'react';
import { TIMING } from '@shared/constants';
import type { HomeResponse } from '@shared/contracts/home';

const CARD_WIDTH = 260;
const GAP = 12;

/** Six resource cards, 260 px wide, rotating every 4 s; paused while touched, hovered or focused; swipeable. */
export function ResourceCarousel({ resources }: { resources: HomeResponse['resources'] }) {
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // set when the index follows a scroll the user made: then there is nothing to scroll to
  const followed = useRef(false);
  const reduced = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

  useEffect(() => {
    if (paused || reduced || resources.length < 2) return;
    const t = window.setInterval(() => setIndex((i) => (i + 1) % resources.length), TIMING.carouselRotateMs);
    return () => window.clearInterval(t);
  }, [paused, reduced, resources.length]);

  useEffect(() => {
    if (followed.current) {
      followed.current = false;
      return;
    }
    track.current?.scrollTo({ left: index * (CARD_WIDTH + GAP), behavior: reduced ? 'auto' : 'smooth' });
  }, [index, reduced]);

  const onScroll = () => {
    const el = track.current;
    if (!el || !paused) return;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 2;
    const next = atEnd ? resources.length - 1 : Math.round(el.scrollLeft / (CARD_WIDTH + GAP));
    if (next === index) return;
    followed.current = true;
    setIndex(next);
  };

  return (
    <section aria-roledescription="carousel" aria-label="Courses and study guide">
      <ul
        ref={track}
        onScroll={onScroll}
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
        onTouchStart={() => setPaused(true)}
        onTouchEnd={() => window.setTimeout(() => setPaused(false), 1500)}
        onFocus={(e) => {
          setPaused(true);
          // a card reached by Tab scrolls to the start, whole, like a rotation would bring it
          const i = Number((e.target as HTMLElement).closest('li')?.dataset.index);
          if (Number.isInteger(i)) setIndex(i);
        }}
        onBlur={() => setPaused(false)}
        className="-mx-4 -mt-2 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 py-2 [scrollbar-width:none]"
      >
        {resources.map((r, i) => (
          <li
            key={r.key}
            data-index={i}
            className="shrink-0 snap-start"
            style={{ width: CARD_WIDTH }}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${resources.length}`}
          >
            <a
              href={r.url}
              target="_blank"
              rel="noopener noreferrer"
              className="block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-line/70"
            >
              <img src={r.imageUrl} alt="" width={260} height={150} loading="lazy" className="h-[150px] w-full object-cover" />
              <span className="block p-4">
                <span className="text-xs font-bold uppercase tracking-wider text-signal-600">
                  {r.kind === 'guide' ? 'Study guide' : 'Course'}
                </span>
                <span className="mt-1 block font-semibold leading-snug text-navy-900">{r.title}</span>
                <span className="mt-1 line-clamp-2 block text-sm text-muted">{r.description}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex justify-center gap-1.5" aria-hidden="true">
        {resources.map((r, i) => (
          <span key={r.key} className={`h-1.5 rounded-full transition-all ${i === index ? 'w-5 bg-navy-900' : 'w-1.5 bg-navy-900/25'}`} />
        ))}
      </div>
    </section>
  );
}
