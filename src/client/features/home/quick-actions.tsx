import { Link } from 'react-router';
import type { CourseLevel } from '@shared/constants';
import { cn } from '../../lib/cn';
import { useReviewCount } from './api/get-review-count';
import { Icon, type IconName } from '../../components/icon';

interface Action {
  to: string;
  label: string;
  hint: string;
  icon: IconName;
  tone: string;
}

/** The quick buttons of docs/product.md §2, shown by course level. */
export function quickActions(courseLevel: CourseLevel, reviewCount?: number): Action[] {
  const paramedic = courseLevel === 'Paramedic' || courseLevel === 'Both';
  const emt = courseLevel === 'EMT' || courseLevel === 'Both';
  const flaggedDeck = emt ? '/emtflashcards' : '/paramedicflashcards';
  return [
    {
      to: '/review',
      label: reviewCount === undefined ? 'Review' : `Review (${reviewCount})`,
      hint: reviewCount === undefined ? 'Spaced repetition' : `${reviewCount} due today`,
      icon: 'review',
      tone: 'bg-go-600 text-white',
    },
    ...(paramedic
      ? [
          {
            to: '/paramedicflashcards',
            label: 'Paramedic Flash Cards',
            hint: 'Paramedic deck',
            icon: 'cards',
            tone: 'bg-navy-900 text-white',
          } satisfies Action,
        ]
      : []),
    ...(emt
      ? [
          {
            to: '/emtflashcards',
            label: 'EMT Flash Cards',
            hint: 'EMT deck',
            icon: 'cards',
            tone: 'bg-navy-700 text-white',
          } satisfies Action,
        ]
      : []),
    {
      to: `${flaggedDeck}?filter=flagged`,
      label: 'Review Flagged cards',
      hint: 'Cards you flagged',
      icon: 'flag',
      tone: 'bg-signal-500 text-white',
    },
    {
      to: '/questions',
      label: 'Question Bank',
      hint: 'NREMT-style practice',
      icon: 'question-bank',
      tone: 'bg-white text-navy-900',
    },
    {
      to: '/exam',
      label: 'Practice Exam',
      hint: 'Adaptive, like the NREMT',
      icon: 'exam',
      tone: 'bg-white text-navy-900',
    },
    {
      to: '/progress',
      label: 'Progress',
      hint: 'Readiness over time',
      icon: 'progress',
      tone: 'bg-white text-navy-900',
    },
    {
      to: '/videos',
      label: 'Video Library',
      hint: 'Short lessons',
      icon: 'video',
      tone: 'bg-white text-navy-900',
    },
    {
      to: '/scenarios',
      label: 'Clinical Scenarios',
      hint: 'Patient cases',
      icon: 'scenarios',
      tone: 'bg-white text-navy-900',
    },
    {
      to: '/draganddrop',
      label: 'Drag/Drop Questions',
      hint: 'Indicated or not',
      icon: 'drag-drop',
      tone: 'bg-white text-navy-900',
    },
    {
      to: '/sorting',
      label: 'Sorting Questions',
      hint: 'Exam-style sorting',
      icon: 'sort',
      tone: 'bg-white text-navy-900',
    },
  ];
}

export function QuickActions({ courseLevel }: { courseLevel: CourseLevel }) {
  // today's review count (docs/product.md §10.5), as /review shows it
  const count = useReviewCount().data;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {quickActions(courseLevel, count).map((a) => (
        <li key={a.label}>
          <Link
            to={a.to}
            className={cn(
              'flex h-full min-h-24 flex-col justify-between gap-3 rounded-2xl p-4 shadow-sm ring-1 ring-line/70 transition-transform active:scale-[0.98]',
              a.tone,
            )}
          >
            <Icon name={a.icon} className="size-6" strokeWidth={2} />
            <span>
              <span className="block text-[15px] font-semibold leading-tight">{a.label}</span>
              <span className="mt-0.5 block text-xs">{a.hint}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
