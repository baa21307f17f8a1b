import { feedbackFor, splitChoices, type ScenarioState, type ScenarioStep } from '@shared/scenario';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { cn } from '../../lib/cn';

type Playing = Extract<ScenarioState, { kind: 'playing' }>;

/** One step: pill, the patient now, the step, the prompt and its choices; feedback after answering. */
export function ScenarioPlayer({
  state,
  steps,
  onAnswer,
  onContinue,
  onReset,
}: {
  state: Playing;
  steps: ScenarioStep[];
  onAnswer: (choice: string) => void;
  onContinue: () => void;
  onReset: () => void;
}) {
  const step = steps[state.index]!;
  const answer = state.answer;
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <span className="rounded-full bg-navy-900 px-3 py-1 text-sm font-semibold text-white">
          Step {state.index + 1} of {steps.length} · {step['Scenario Step']}
        </span>
        <Button variant="secondary" size="sm" onClick={onReset}>
          Reset
        </Button>
      </div>
      <section className="rounded-card bg-surface p-5 ring-1 ring-line/70">
        <p className="text-xs font-bold uppercase tracking-wider text-signal-600">{state.name}</p>
        <p className="mt-2 text-[15px] leading-relaxed text-ink">{step.Scenario}</p>
      </section>
      <section className="rounded-card bg-navy-50 p-5 ring-1 ring-navy-600/15">
        <p className="text-sm font-semibold text-navy-700">{step['Scenario Step']}</p>
        <h2 className="mt-1 text-lg font-bold text-navy-900">{step.Prompt}</h2>
        <ul className="mt-4 space-y-2">
          {splitChoices(step.Choices).map((choice) => {
            const isCorrect = choice === step['Correct Choice'].trim();
            const isChosen = answer?.choice === choice;
            return (
              <li key={choice}>
                <button
                  type="button"
                  disabled={answer !== null}
                  onClick={() => onAnswer(choice)}
                  className={cn(
                    'flex min-h-12 w-full items-center justify-between gap-3 rounded-xl bg-white px-4 py-3 text-left text-[15px] ring-1 ring-line transition-colors',
                    !answer && 'hover:bg-navy-50 hover:ring-navy-600/40',
                    answer && isCorrect && 'bg-go-100 font-semibold text-go-700 ring-2 ring-go-600',
                    answer && isChosen && !isCorrect && 'bg-signal-50 text-signal-700 ring-2 ring-signal-500',
                    answer && !isCorrect && !isChosen && 'opacity-60',
                  )}
                  aria-label={answer ? `${choice}${isCorrect ? ' (correct answer)' : ''}${isChosen ? ' (your choice)' : ''}` : choice}
                >
                  <span>{choice}</span>
                  {answer && (isCorrect || isChosen) && <span aria-hidden="true">{isCorrect ? '✓' : '✗'}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <Modal open={answer !== null} onOpenChange={(open) => !open && onContinue()} title={answer?.correct ? 'Correct' : 'Not quite'}>
        {answer && (
          <>
            {!answer.correct && (
              <p className="mb-3 rounded-xl bg-go-100 px-4 py-3 text-sm text-go-700">
                Best answer: <span className="font-semibold">{step['Correct Choice']}</span>
              </p>
            )}
            <p className="text-[15px] leading-relaxed">{feedbackFor(step, answer.correct)}</p>
            <Button size="lg" className="mt-6" onClick={onContinue}>
              Continue
            </Button>
          </>
        )}
      </Modal>
    </div>
  );
}
