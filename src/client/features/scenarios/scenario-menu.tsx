import { Button } from '../../components/ui/button';
import type { ScenarioMenu as Menu } from './api/get-scenario-menu';
import { Icon } from '../../components/icon';

/** Pick Random Scenario, then the scenarios grouped by area; a check and the best score once done. */
export function ScenarioMenu({ menu, best, onPick }: { menu: Menu; best: Record<string, number>; onPick: (key: string) => void }) {
  const all = menu.groups.flatMap((g) => g.scenarios);
  const done = all.filter((s) => best[s.name] === 100).length;
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 rounded-card bg-surface p-5 ring-1 ring-line/70 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold">
            {done} of {all.length} scenarios completed at 100%
          </p>
          <p className="text-sm text-muted">Work each patient from scene size-up to reassessment.</p>
        </div>
        <Button variant="danger" onClick={() => all.length && onPick(all[Math.floor(Math.random() * all.length)]!.key)}>
          Pick Random Scenario
        </Button>
      </div>
      {menu.groups.map((g) => (
        <section key={g.group} aria-labelledby={`group-${g.group}`}>
          <h2 id={`group-${g.group}`} className="mb-2 text-sm font-bold uppercase tracking-wider text-muted">
            {g.group}
          </h2>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {g.scenarios.map((s) => {
              const score = best[s.name];
              const perfect = score === 100;
              return (
                <li key={s.key}>
                  <button
                    type="button"
                    onClick={() => onPick(s.key)}
                    className="flex min-h-16 w-full items-center justify-between gap-3 rounded-2xl bg-surface p-4 text-left ring-1 ring-line/70 transition-colors hover:bg-navy-50"
                  >
                    <span className="min-w-0">
                      <span className="block font-semibold text-navy-900">{s.name}</span>
                      <span className="block truncate text-sm text-muted">
                        {s.title} · {s.steps} steps
                      </span>
                    </span>
                    {score !== undefined && (
                      <span
                        className={`flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-sm font-bold ${perfect ? 'bg-go-100 text-go-700' : 'bg-navy-50 text-navy-800'}`}
                        aria-label={perfect ? `Completed, best ${score}%` : `Best ${score}%`}
                      >
                        {perfect && <Icon name="check" className="size-4" strokeWidth={3} />}
                        {score}%
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
