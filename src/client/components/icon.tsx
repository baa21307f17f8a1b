import type { ReactNode } from 'react';

/**
 * Every icon of the app, drawn on a 24 × 24 grid in the text colour (`currentColor`): a stroked outline unless `fill` says
 * otherwise. `width` is the glyph's usual stroke width, which a use may change (a check mark is bolder on a small badge);
 * `cap` and `join` round the line ends and corners.
 */
interface Glyph {
  draw: string | ReactNode;
  width?: number;
  cap?: boolean;
  join?: boolean;
  fill?: boolean;
}

const outline = (draw: Glyph['draw'], width: number, cap = true, join = true): Glyph => ({ draw, width, cap, join });

const GLYPHS = {
  // navigation and dialogs
  back: outline('M15 18l-6-6 6-6', 2.5),
  close: outline('M6 6l12 12M18 6L6 18', 2.5, true, false),
  'chevron-up': outline('M6 15l6-6 6 6', 2.5),
  'chevron-down': outline('M6 9l6 6 6-6', 2.5),
  search: outline('M11 19a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm10 2-4.35-4.35', 2),
  offline: outline('M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18', 2.5, true, false),
  spinner: {
    draw: (
      <>
        <circle cx="12" cy="12" r="10" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" strokeWidth="4" strokeLinecap="round" />
      </>
    ),
  },
  // the tab bar
  home: outline('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z', 2),
  saved: outline('M6 3h12a1 1 0 0 1 1 1v17l-7-4-7 4V4a1 1 0 0 1 1-1z', 2),
  // the bookmark beside the flag on every item (decision 102)
  star: outline('M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z', 2),
  calendar: outline('M4 6h16v15H4zM4 10h16M8 3v4M16 3v4', 2),
  profile: outline('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0', 2),
  // the home screen's quick actions
  review: outline('M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4M12 8v4l3 2', 2),
  cards: outline('M4 6h12v14H4zM8 2h12v14', 2),
  'question-bank': outline('M9 9a3 3 0 1 1 4 2.8c-.6.3-1 .9-1 1.6V14M12 17.5h.01M4 4h16v16H4z', 2),
  exam: outline('M7 3h10v4H7zM5 5h14v16H5zM9 12l2 2 4-4M9 17h6', 2),
  progress: outline('M4 20V10M10 20V4M16 20v-7M3 20h18', 2),
  video: outline('M4 5h11v14H4zM15 10l5-3v10l-5-3', 2),
  scenarios: outline('M9 3h6v4H9zM5 5h14v16H5zM9 12h6M12 9v6', 2),
  'drag-drop': outline('M4 4h7v7H4zM13 13h7v7h-7zM15 4h5v5M4 15v5h5', 2),
  sort: outline('M4 6h10M4 12h7M4 18h4M17 4v16m0 0-3-3m3 3 3-3', 2),
  // marks and states
  check: outline('M5 13l4 4L19 7', 2.5),
  eye: outline('M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 2),
  class: outline(
    'M3 20v-1a5 5 0 0 1 10 0v1M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM15 20v-1a5 5 0 0 1 6-4.9M17.5 11a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
    2,
  ),
  /** the answer marks of the question views and the drag-drop zones (a little wider than `check`) */
  correct: outline('M5 12.5l4.5 4.5L19 7.5', 2.5),
  cross: outline('M7 7l10 10M17 7L7 17', 2.5),
  list: outline('M4 6h16M4 12h16M4 18h10', 2.5),
  flag: outline('M5 21V4h11l-2 4 2 4H5', 2.5),
  clock: outline('M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0', 2.5),
  report: outline('M12 8v5M12 16.5h.01M10.3 3.9L2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0', 2.5),
  book: outline('M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 19V5', 2.5),
  swap: outline('M7 4L3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7', 2.5),
  grip: outline('M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01', 2.5),
  mail: outline('M4 6h16v12H4zM4 7l8 6 8-6', 2.5),
  'zoom-in': outline(
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L21 21M10.5 7.5v6M7.5 10.5h6" />
    </>,
    2.5,
    true,
    false,
  ),
  info: outline(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 7.5h.01" strokeWidth="2.5" />
    </>,
    2,
    true,
    false,
  ),
  /** the sorting screen's info button: a larger ring, a longer stem */
  'info-ring': outline(
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 11v6M12 7.5v.01" />
    </>,
    2,
    true,
    false,
  ),
  restart: outline('M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4', 2),
  play: { draw: 'M8 5.5v13a1 1 0 0 0 1.5.86l11-6.5a1 1 0 0 0 0-1.72l-11-6.5A1 1 0 0 0 8 5.5z', fill: true },
  flame: {
    draw: 'M12 2c.4 3.1-1.2 5-2.7 6.7C7.8 10.4 6 12.3 6 15.2 6 18.9 8.7 22 12 22s6-2.8 6-6.6c0-2.6-1.3-4.4-2.5-5.8-.2 1.6-1 2.8-2.2 3.3.5-3.9-.3-8.3-1.3-10.9zm0 18c-1.7 0-3-1.3-3-3.1 0-1.6 1-2.6 2-3.6.2 1.2.9 2 1.9 2.3.1-.9.5-1.6 1-2.2.7.9 1.1 1.9 1.1 3.1 0 2-1.3 3.5-3 3.5z',
    fill: true,
  },
} satisfies Record<string, Glyph>;

export type IconName = keyof typeof GLYPHS;

/**
 * The one icon component (docs/architecture.md §3). Sized by `className` (`size-5`); decorative, so hidden from
 * assistive technology, unless it carries a `label` — then it is an image with that name.
 */
export function Icon({
  name,
  className,
  strokeWidth,
  label,
}: {
  name: IconName;
  className?: string;
  strokeWidth?: number;
  label?: string;
}) {
  const glyph: Glyph = GLYPHS[name];
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill={glyph.fill ? 'currentColor' : 'none'}
      stroke={glyph.fill ? undefined : 'currentColor'}
      strokeWidth={glyph.fill ? undefined : (strokeWidth ?? glyph.width)}
      strokeLinecap={glyph.cap ? 'round' : undefined}
      strokeLinejoin={glyph.join ? 'round' : undefined}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {typeof glyph.draw === 'string' ? <path d={glyph.draw} /> : glyph.draw}
    </svg>
  );
}
