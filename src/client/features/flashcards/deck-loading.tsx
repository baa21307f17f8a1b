/** The deck's opening animation (docs/product.md §4): a card flipping while the first cards arrive. */
export function DeckLoading({ flaggedMode }: { flaggedMode: boolean }) {
  return (
    <div className="flex flex-col items-center justify-center gap-6 py-16" role="status" aria-live="polite">
      <div className="h-40 w-28 [perspective:600px]">
        <div
          className={`h-full w-full animate-[deck-flip_1.5s_ease-in-out_infinite] rounded-2xl shadow-lg motion-reduce:animate-none ${flaggedMode ? 'bg-signal-500' : 'bg-navy-900'}`}
        />
      </div>
      <p className="font-semibold text-muted">Shuffling your deck…</p>
    </div>
  );
}
