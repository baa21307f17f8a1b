import { Link } from 'react-router';
import type { CourseLevel } from '@shared/constants';
import { cn } from '../../lib/cn';
import { useReviewCount } from './api/get-review-count';

interface Action {
  to: string;
  label: string;
  hint: string;
  icon: string;
  tone: string;
}

/** The quick buttons of docs/product.md §2, shown by course level. */
export function quickActions(courseLevel: CourseLevel, reviewCount?: number): Action[] {
  const paramedic = courseLevel === 'Paramedic' || courseLevel === 'Both';
  const emt = courseLevel === 'EMT' || courseLevel === 'Both';
  const flaggedDeck = emt ? '/emtflashcards' : '/paramedicflashcards';
  const cards = 'M4 6h12v14H4zM8 2h12v14';
  return [
    {
      to: '/review',
      label: reviewCount === undefined ? 'Review' : `Review (${reviewCount})`,
      hint: reviewCount === undefined ? 'Spaced repetition' : `${reviewCount} due today`,
      icon: 'M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4M12 8v4l3 2',
      tone: 'bg-go-600 text-white',
    },
    ...(paramedic
      ? [
          {
            to: '/paramedicflashcards',
            label: 'Paramedic Flash Cards',
            hint: 'Paramedic deck',
            icon: cards,
            tone: 'bg-navy-900 text-white',
          },
        ]
      : []),
    ...(emt ? [{ to: '/emtflashcards', label: 'EMT Flash Cards', hint: 'EMT deck', icon: cards, tone: 'bg-navy-700 text-white' }] : []),
    {
      to: `${flaggedDeck}?filter=flagged`,
      label: 'Review Flagged cards',
      hint: 'Cards you flagged',
      icon: 'M5 21V4h11l-2 4 2 4H5',
      tone: 'bg-signal-500 text-white',
    },
    {
      to: '/questions',
      label: 'Question Bank',
      hint: 'NREMT-style practice',
      icon: 'M9 9a3 3 0 1 1 4 2.8c-.6.3-1 .9-1 1.6V14M12 17.5h.01M4 4h16v16H4z',
      tone: 'bg-white text-navy-900',
    },
    {
      to: '/exam',
      label: 'Practice Exam',
      hint: 'Adaptive, like the NREMT',
      icon: 'M7 3h10v4H7zM5 5h14v16H5zM9 12l2 2 4-4M9 17h6',
      tone: 'bg-white text-navy-900',
    },
    {
      to: '/progress',
      label: 'Progress',
      hint: 'Readiness over time',
      icon: 'M4 20V10M10 20V4M16 20v-7M3 20h18',
      tone: 'bg-white text-navy-900',
    },
    {
      to: '/videos',
      label: 'Video Library',
      hint: 'Short lessons',
      icon: 'M4 5h11v14H4zM15 10l5-3v10l-5-3',
      tone: 'bg-white text-navy-900',
    },
    {
      to: '/scenarios',
      label: 'Clinical Scenarios',
      hint: 'Patient cases',
      icon: 'M9 3h6v4H9zM5 5h14v16H5zM9 12h6M12 9v6',
      tone: 'bg-white text-navy-900',
    },
    {
      to: '/draganddrop',
      label: 'Drag/Drop Questions',
      hint: 'Indicated or not',
      icon: 'M4 4h7v7H4zM13 13h7v7h-7zM15 4h5v5M4 15v5h5',
      tone: 'bg-white text-navy-900',
    },
    {
      to: '/sorting',
      label: 'Sorting Questions',
      hint: 'Exam-style sorting',
      icon: 'M4 6h10M4 12h7M4 18h4M17 4v16m0 0-3-3m3 3 3-3',
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
            <svg
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d={a.icon} />
            </svg>
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
