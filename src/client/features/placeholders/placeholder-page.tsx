import { ScreenHeader } from '../../components/ui/screen-header';

/** Search is a placeholder screen with sample text (docs/product.md §1). */
export function PlaceholderPage({ title, lead, items }: { title: string; lead: string; items: string[] }) {
  return (
    <>
      <ScreenHeader title={title} subtitle={lead} />
      <main className="mx-auto w-full max-w-2xl px-4 py-5">
        <ul className="space-y-3">
          {items.map((i) => (
            <li key={i} className="rounded-2xl bg-surface p-4 text-[15px] ring-1 ring-line/70">
              {i}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-sm text-muted">Coming soon.</p>
      </main>
    </>
  );
}
