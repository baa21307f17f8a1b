import { useCallback, useEffect, useRef, useState } from 'react';
import {
  gradeQuestion,
  orderQuestions,
  parseCompletedIds,
  shuffle,
  type SortingAnswers,
  type SortingQuestion,
  type SortingResult,
  withLead,
} from '@shared/sorting';
import { track } from '../../lib/tracker';
import { getSortingCompletions } from './api/get-sorting-completions';
import { getSortingQuestions } from './api/get-sorting-questions';
import { readLocalCompleted, writeLocalCompleted } from './progress';
import { SAMPLE_QUESTIONS } from './samples';

type Load =
  { status: 'loading' } | { status: 'ready'; questions: SortingQuestion[]; source: 'server' | 'samples-failed' | 'samples-empty' };

/**
 * One sitting of sorting questions. Progress is read from the server's question_complete events
 * and merged with local storage (the fallback when offline). The order is fixed when the questions
 * load: uncompleted first, shuffled, then completed; items are shuffled so answers are not grouped. `lead`: the question a
 * search result opens, put first.
 */
export function useSorting(lead: number | null = null) {
  const leadRef = useRef(lead);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [completed, setCompleted] = useState<ReadonlySet<number>>(() => new Set(readLocalCompleted()));
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<SortingAnswers>({});
  const [result, setResult] = useState<SortingResult | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void Promise.allSettled([getSortingQuestions(), getSortingCompletions()]).then(([qs, done]) => {
      if (cancelled) return;
      const ids = new Set(readLocalCompleted());
      if (done.status === 'fulfilled') for (const id of parseCompletedIds(done.value.events.map((e) => e.featureId))) ids.add(id);
      writeLocalCompleted(ids);
      const ok = qs.status === 'fulfilled' && !qs.value.databaseEmpty;
      const list = ok ? qs.value.questions : SAMPLE_QUESTIONS;
      const source = ok ? 'server' : qs.status === 'fulfilled' ? 'samples-empty' : 'samples-failed';
      setCompleted(ids);
      setIndex(0);
      setAnswers({});
      setResult(null);
      const ordered = withLead(orderQuestions(list, ids), leadRef.current);
      setLoad({ status: 'ready', source, questions: ordered.map((q) => ({ ...q, items: shuffle(q.items) })) });
    });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const questions = load.status === 'ready' ? load.questions : [];
  const question = questions[index] ?? null;

  // question_start once each time a question is shown.
  useEffect(() => {
    const key = question ? `${attempt}:${index}:${question.questionId}` : null;
    if (!question || started.current === key) return;
    started.current = key;
    track('sorting', 'question_start', { featureId: String(question.questionId) });
  }, [question, index, attempt]);

  const choose = useCallback((itemKey: string, category: string) => {
    setAnswers((a) => ({ ...a, [itemKey]: category }));
  }, []);

  const submit = useCallback(() => {
    if (!question || result) return;
    const graded = gradeQuestion(question, answers);
    setResult(graded);
    track('sorting', 'question_complete', {
      featureId: String(question.questionId),
      score: graded.score,
      totalItems: graded.total,
      completionPercentage: graded.percentage,
    });
    setCompleted((c) => {
      const next = new Set(c).add(question.questionId);
      writeLocalCompleted(next);
      return next;
    });
  }, [question, answers, result]);

  const next = useCallback(() => {
    setIndex((i) => i + 1);
    setAnswers({});
    setResult(null);
  }, []);

  return {
    status: load.status,
    source: load.status === 'ready' ? load.source : null,
    questions,
    question,
    index,
    isLast: index >= questions.length - 1,
    completed,
    answers,
    result,
    choose,
    submit,
    next,
    retry: () => {
      setLoad({ status: 'loading' });
      setAttempt((a) => a + 1);
    },
  };
}
