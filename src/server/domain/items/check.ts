// The one answer check of a question item, for practice, review and the practice exam: the answer's shape must be the item's
// type's, every option it names must be one of the item's (under the ids of the order shown), and then it is scored.
import { answerSchemaFor, scoreAnswer, scoreParts, type AnswerParts, type QuestionAnswer } from '../../../shared/questions';
import { ERROR_CODES } from '../../../shared/errors';
import { HttpError } from '../../lib/http';
import { answerIds, scorable, sessionOptions, type ItemRow } from './views';

export interface CheckedAnswer {
  /** the answer as parsed for the item's type */
  answer: QuestionAnswer;
  correct: boolean;
  /** a technology-enhanced item: how many of its parts were right (the feedback's "5 of 6"); null for a single answer */
  parts: AnswerParts | null;
}

/** Checks and scores an answer to `row` shown in the option order `perm`; a 400 on the field `answer` when it does not fit. */
export function checkAnswer(row: ItemRow, perm: number[], answer: unknown): CheckedAnswer {
  const shape = answerSchemaFor(row.type).safeParse(answer);
  if (!shape.success)
    throw new HttpError(400, ERROR_CODES.validation, `This ${row.type.replace('_', ' ')} question takes another answer shape.`, [
      { path: 'answer', message: 'The answer does not fit this type of question.' },
    ]);
  const ids = new Set(sessionOptions(row, perm).map((o) => o.id));
  if (answerIds(shape.data).some((id) => !ids.has(id)))
    throw new HttpError(400, ERROR_CODES.validation, 'The answer names an option this question does not have.', [
      { path: 'answer', message: 'Unknown option.' },
    ]);
  const item = scorable(row, perm);
  return { answer: shape.data, correct: scoreAnswer(item, shape.data), parts: scoreParts(item, shape.data) };
}

/**
 * The verdict of an answer stored before (a session read again, results, an exam's review): the stored verdict, which was
 * the check's when it was given, and its parts counted by the same rule (null when there is no answer).
 */
export function storedCheck(row: ItemRow, perm: number[], answer: unknown, correct: boolean): Pick<CheckedAnswer, 'correct' | 'parts'> {
  return { correct, parts: answer === null || answer === undefined ? null : scoreParts(scorable(row, perm), answer) };
}
