import type { QuestionAnswer } from '@shared/questions';
import type { Feedback, PublicItem } from '@shared/contracts/questions';
import { cn } from '../../lib/cn';
import { asMultiple, asOrder, asPlacements, asSingle } from './answer-state';
import { Icon } from '../icon';

interface Row {
  id: string;
  text: string;
  /** the keyed answer for this option: "Correct answer", "Step 2", "Indicated" */
  keyed: string | null;
  /** the student's answer for this option where it differs from the key, or marks the choice */
  yours: string | null;
  right: boolean | null;
  rationale: string;
}

/**
 * How many parts of a technology-enhanced item were right, in the type's words ("5 of 6 placed correctly"). The server
 * counts them with its one answer check; the item itself is still scored right or wrong.
 */
export function partsText(type: PublicItem['type'], parts: { right: number; total: number }): string {
  const of = `${parts.right} of ${parts.total}`;
  switch (type) {
    case 'multiple':
      return `${of} correct choices selected`;
    case 'build_list':
      return `${of} steps in the right place`;
    case 'options_table':
      return `${of} rows answered correctly`;
    default:
      return `${of} placed correctly`;
  }
}

/** Every option with the keyed answer marked, the student's answer beside it, and its rationale; for a technology-enhanced
 * item answered wrong, first how many of its parts were right. */
export function FeedbackDetails({
  item,
  answer,
  feedback,
}: {
  item: Pick<PublicItem, 'type' | 'options'>;
  answer: QuestionAnswer | null;
  feedback: Feedback;
}) {
  const rationale = new Map(feedback.options.map((o) => [o.id, o.rationale]));
  const text = new Map(item.options.map((o) => [o.id, o.text]));
  let rows: Row[];
  switch (item.type) {
    case 'single':
    case 'multiple': {
      const keyed = new Set(item.type === 'single' ? [asSingle(feedback.key)?.choice] : asMultiple(feedback.key).choices);
      const chosen = new Set(item.type === 'single' ? [asSingle(answer)?.choice] : asMultiple(answer).choices);
      rows = item.options.map((o) => ({
        id: o.id,
        text: o.text,
        keyed: keyed.has(o.id) ? 'Correct answer' : null,
        yours: chosen.has(o.id) ? 'Your answer' : null,
        right: keyed.has(o.id) ? true : chosen.has(o.id) ? false : null,
        rationale: rationale.get(o.id) ?? '',
      }));
      break;
    }
    case 'build_list': {
      const order = asOrder(feedback.key)?.order ?? [];
      const given = asOrder(answer)?.order ?? [];
      rows = order.map((id, i) => {
        const at = given.indexOf(id);
        return {
          id,
          text: text.get(id) ?? '',
          keyed: `Step ${i + 1}`,
          yours: at < 0 ? 'Not placed' : at === i ? null : `You put it at ${at + 1}`,
          right: answer ? at === i : null,
          rationale: rationale.get(id) ?? '',
        };
      });
      break;
    }
    case 'options_table':
    case 'drag_drop': {
      const key = asPlacements(feedback.key).placements;
      const given = asPlacements(answer).placements;
      rows = item.options.map((o) => ({
        id: o.id,
        text: o.text,
        keyed: key[o.id] ?? null,
        yours: given[o.id] === key[o.id] ? null : given[o.id] ? `You chose ${given[o.id]}` : 'Not placed',
        right: answer ? given[o.id] === key[o.id] : null,
        rationale: rationale.get(o.id) ?? '',
      }));
      break;
    }
  }
  const parts = !feedback.correct && feedback.parts && item.type !== 'single' ? feedback.parts : null;
  return (
    <>
      {parts && (
        <p className="rounded-2xl bg-navy-50 px-4 py-2.5 text-[15px] font-semibold text-navy-800" data-testid="parts-right">
          {partsText(item.type, parts)}
          <span className="block text-xs font-normal text-muted">Scored as incorrect: every part must be right, as on the NREMT.</span>
        </p>
      )}
      <ul className="space-y-2.5">
        {rows.map((r) => (
          <li
            key={r.id}
            className={cn(
              'rounded-2xl p-4 text-[15px] leading-snug ring-1',
              r.right === true && r.keyed === 'Correct answer' ? 'bg-go-100/50 ring-go-600/40' : '',
              r.right === true && r.keyed !== 'Correct answer' ? 'bg-white ring-go-600/40' : '',
              r.right === false ? 'bg-signal-50 ring-signal-500/40' : '',
              r.right === null ? 'bg-white ring-line' : '',
            )}
          >
            <div className="flex items-start gap-3">
              <span
                role="img"
                aria-label={r.right === true ? 'Right' : r.right === false ? 'Wrong' : 'Not chosen'}
                className={cn(
                  'mt-px flex size-6 shrink-0 items-center justify-center rounded-full',
                  r.right === true ? 'bg-go-600 text-white' : r.right === false ? 'bg-signal-500 text-white' : 'bg-navy-50 text-muted',
                )}
              >
                {r.right !== null && <Icon name={r.right ? 'correct' : 'cross'} className="size-5 shrink-0" />}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">{r.text}</p>
                <p className="mt-1.5 flex flex-wrap gap-1.5">
                  {r.keyed && <span className="rounded-full bg-go-100 px-2.5 py-0.5 text-xs font-bold text-go-700">{r.keyed}</span>}
                  {r.yours && (
                    <span
                      className={cn(
                        'rounded-full px-2.5 py-0.5 text-xs font-bold',
                        r.right === false ? 'bg-signal-100 text-signal-700' : 'bg-navy-100 text-navy-800',
                      )}
                    >
                      {r.yours}
                    </span>
                  )}
                </p>
                <p className="mt-2 text-sm text-muted">{r.rationale}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
