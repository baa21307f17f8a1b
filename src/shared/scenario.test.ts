import { describe, expect, it } from 'vitest';
import {
  bestFromEvents,
  feedbackFor,
  mergeBest,
  scenarioReducer,
  scorePercent,
  splitChoices,
  type ScenarioState,
  type ScenarioStep,
} from './scenario';

const step = (name: string, correct: string, feedback = 'Because.'): ScenarioStep => ({
  Scenario: 'A 54-year-old man with chest pain.',
  'Scenario Step': name,
  Prompt: 'What next?',
  Choices: `A;B;C`,
  'Correct Choice': correct,
  'Feedback Correct': feedback,
  'Feedback Incorrect': '',
});
const steps = [step('Scene Size-up', 'A'), step('Primary Assessment', 'B'), step('Treatment', 'C')];

describe('scenario flow', () => {
  it('answers lock the step, records it, and continue advances to completion', () => {
    let s: ScenarioState = scenarioReducer({ kind: 'menu' }, { type: 'start', name: 'Cardiology 1' });
    expect(s).toEqual({ kind: 'playing', name: 'Cardiology 1', index: 0, records: [], answer: null });
    s = scenarioReducer(s, { type: 'answer', choice: 'A', steps });
    expect(s).toMatchObject({ answer: { choice: 'A', correct: true }, records: [{ step: 'Scene Size-up', choice: 'A', correct: true }] });
    const locked = scenarioReducer(s, { type: 'answer', choice: 'B', steps });
    expect(locked).toBe(s);
    s = scenarioReducer(s, { type: 'continue', steps });
    expect(s).toMatchObject({ index: 1, answer: null });
    s = scenarioReducer(scenarioReducer(s, { type: 'answer', choice: 'A', steps }), { type: 'continue', steps });
    s = scenarioReducer(scenarioReducer(s, { type: 'answer', choice: 'C', steps }), { type: 'continue', steps });
    expect(s.kind).toBe('complete');
    if (s.kind === 'complete') expect(scorePercent(s.records)).toBe(67);
  });

  it('continue does nothing before an answer; reset restarts at step 0 and clears records; back goes to the menu', () => {
    const playing = scenarioReducer({ kind: 'menu' }, { type: 'start', name: 'GI' });
    expect(scenarioReducer(playing, { type: 'continue', steps })).toBe(playing);
    const answered = scenarioReducer(playing, { type: 'answer', choice: 'B', steps });
    expect(scenarioReducer(answered, { type: 'reset' })).toEqual({ kind: 'playing', name: 'GI', index: 0, records: [], answer: null });
    expect(scenarioReducer(answered, { type: 'back' })).toEqual({ kind: 'menu' });
  });

  it('splits choices on semicolons and falls back to "No feedback provided."', () => {
    expect(splitChoices(' Oxygen ; Aspirin 324 mg;;Nitroglycerin ')).toEqual(['Oxygen', 'Aspirin 324 mg', 'Nitroglycerin']);
    expect(feedbackFor(steps[0]!, true)).toBe('Because.');
    expect(feedbackFor(steps[0]!, false)).toBe('No feedback provided.');
  });
});

describe('best percentage', () => {
  it('is never lowered', () => {
    let best = mergeBest({}, 'Tox', 60);
    best = mergeBest(best, 'Tox', 40);
    expect(best).toEqual({ Tox: 60 });
    expect(mergeBest(best, 'Tox', 100)).toEqual({ Tox: 100 });
  });
  it('comes from scenario_complete events', () => {
    expect(
      bestFromEvents([
        { featureId: 'Tox', completionPercentage: 50 },
        { featureId: 'Tox', completionPercentage: 100 },
        { featureId: 'GI', completionPercentage: 0 },
        { featureId: null, completionPercentage: 90 },
      ]),
    ).toEqual({ Tox: 100, GI: 0 });
  });
});
