import type { ScenarioStep } from './contracts/scenarios';
/** The clinical scenario flow of docs/product.md §4 as a pure state machine, with its scoring rules. */

/** One step, with the column names of scenarioanswers.json: the contract's type. */
export type { ScenarioStep } from './contracts/scenarios';

export interface StepRecord {
  step: string;
  choice: string;
  correct: boolean;
}

export type ScenarioState =
  | { kind: 'menu' }
  | { kind: 'playing'; name: string; index: number; records: StepRecord[]; answer: { choice: string; correct: boolean } | null }
  | { kind: 'complete'; name: string; records: StepRecord[] };

export type ScenarioAction =
  | { type: 'start'; name: string }
  | { type: 'answer'; choice: string; steps: ScenarioStep[] }
  | { type: 'continue'; steps: ScenarioStep[] }
  | { type: 'reset' }
  | { type: 'back' };

export const NO_FEEDBACK = 'No feedback provided.';

export function splitChoices(choices: string): string[] {
  return choices
    .split(';')
    .map((c) => c.trim())
    .filter(Boolean);
}

export function isCorrectChoice(step: ScenarioStep, choice: string): boolean {
  return choice.trim() === step['Correct Choice'].trim();
}

export function feedbackFor(step: ScenarioStep, correct: boolean): string {
  const text = (correct ? step['Feedback Correct'] : step['Feedback Incorrect']).trim();
  return text || NO_FEEDBACK;
}

export function scenarioReducer(state: ScenarioState, action: ScenarioAction): ScenarioState {
  switch (action.type) {
    case 'start':
      return { kind: 'playing', name: action.name, index: 0, records: [], answer: null };
    case 'back':
      return { kind: 'menu' };
    case 'reset':
      return state.kind === 'menu' ? state : { kind: 'playing', name: state.name, index: 0, records: [], answer: null };
    case 'answer': {
      // Answering locks the step: a second answer is ignored.
      if (state.kind !== 'playing' || state.answer) return state;
      const step = action.steps[state.index];
      if (!step) return state;
      const correct = isCorrectChoice(step, action.choice);
      return {
        ...state,
        answer: { choice: action.choice, correct },
        records: [...state.records, { step: step['Scenario Step'], choice: action.choice, correct }],
      };
    }
    case 'continue': {
      if (state.kind !== 'playing' || !state.answer) return state;
      const next = state.index + 1;
      if (next >= action.steps.length) return { kind: 'complete', name: state.name, records: state.records };
      return { ...state, index: next, answer: null };
    }
  }
}

export function scorePercent(records: StepRecord[]): number {
  return records.length === 0 ? 0 : Math.round((records.filter((r) => r.correct).length / records.length) * 100);
}

/** Best percentage per scenario, never lowered. */
export function mergeBest(best: Record<string, number>, name: string, percent: number): Record<string, number> {
  return (best[name] ?? -1) >= percent ? best : { ...best, [name]: percent };
}

/** The best percentage per scenario from scenario_complete events (the server's record). */
export function bestFromEvents(events: { featureId: string | null; completionPercentage: number | null }[]): Record<string, number> {
  return events.reduce<Record<string, number>>(
    (best, e) => (e.featureId && e.completionPercentage !== null ? mergeBest(best, e.featureId, e.completionPercentage) : best),
    {},
  );
}
