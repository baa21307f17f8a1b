import type { DragDropScenario } from '@shared/drag-drop';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';

/**
 * The case, shown first (docs/product.md §4). Start hides it; Next Scenario skips to the next case, and
 * on the last one Continue Studying starts a new round. Closing it counts as Start.
 */
export function ScenarioOverlay({
  open,
  scenario,
  position,
  started,
  isLast,
  onStart,
  onNext,
}: {
  open: boolean;
  scenario: DragDropScenario;
  position: string;
  started: boolean;
  isLast: boolean;
  onStart: () => void;
  onNext: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onStart()}
      title={position}
      description={`${scenario.courseLevel} case · ${scenario.therapies.length} therapies to sort`}
    >
      <div className="rounded-2xl bg-navy-50 p-4 ring-1 ring-inset ring-navy-600/10" data-testid="scenario-text">
        <p className="text-xs font-bold uppercase tracking-wider text-muted">Scenario</p>
        <p className="mt-2 text-[17px] leading-relaxed text-ink">{scenario.scenario}</p>
      </div>
      <p className="mt-3 text-sm text-muted">Decide which therapies are indicated for this patient and which are not.</p>
      <div className="mt-5 grid gap-3">
        <Button size="lg" onClick={onStart} autoFocus>
          {started ? 'Back to Therapies' : 'Start'}
        </Button>
        <Button size="lg" variant="secondary" onClick={onNext}>
          {isLast ? 'Continue Studying' : 'Next Scenario'}
        </Button>
      </div>
      {scenario.reference && <p className="mt-4 text-xs text-muted">Reference: {scenario.reference}</p>}
    </Modal>
  );
}
