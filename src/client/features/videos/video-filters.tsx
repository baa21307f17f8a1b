import { cn } from '../../lib/cn';
import { Icon } from '../../components/icon';

/** The search box and the category chips of the library. */
export function VideoFilters({
  categories,
  category,
  onCategory,
  search,
  onSearch,
}: {
  categories: readonly string[];
  category: string;
  onCategory: (c: string) => void;
  search: string;
  onSearch: (s: string) => void;
}) {
  return (
    <div className="space-y-3">
      <div className="relative">
        <label htmlFor="video-search" className="sr-only">
          Search videos
        </label>
        <Icon name="search" className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-muted" />
        <input
          id="video-search"
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Search by title or category"
          autoComplete="off"
          enterKeyHint="search"
          className="min-h-12 w-full rounded-xl border border-line bg-white pl-11 pr-3.5 text-base text-ink transition-colors placeholder:text-muted/70 focus:border-navy-600"
        />
      </div>
      <div
        role="group"
        aria-label="Category"
        // Focus alone scrolls a chip just into view, its ring cut off at the edge: keep the scroll padding clear.
        onFocus={(e) => e.target.scrollIntoView({ block: 'nearest', inline: 'nearest' })}
        className="-mx-4 -my-1.5 flex scroll-px-4 gap-2 overflow-x-auto px-4 py-1.5 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
      >
        {categories.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={c === category}
            onClick={() => onCategory(c)}
            className={cn(
              'min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold whitespace-nowrap ring-1 ring-inset transition-colors',
              c === category ? 'bg-navy-900 text-white ring-navy-900' : 'bg-white text-navy-800 ring-line hover:bg-navy-50',
            )}
          >
            {c}
          </button>
        ))}
      </div>
    </div>
  );
}
