// The calendar export (RFC 5545): the plan's days as all-day events and the student's own events at their local time, so a
// phone's calendar app shows both. Written by hand (a few lines of text); the test parses it back with ical.js.
import type { PlanEventView, PlanResponse } from '../../../shared/contracts/plan';
import { PLAN_EVENT_LABELS } from '../../../shared/plan';
import { zoneOffsetMs } from '../../../shared/study-day';

/** TEXT values escape backslash, semicolon, comma and newlines. */
const text = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (CRLF and one space), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let cur = '';
  let bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > (out.length ? 74 : 75)) {
      out.push(cur);
      cur = '';
      bytes = 0;
    }
    cur += ch;
    bytes += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const compactDate = (date: string) => date.replace(/-/g, '');
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The instant of a local date and time in the zone. */
function localInstant(date: string, time: string, zone: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const first = wall - zoneOffsetMs(wall, zone);
  return wall - zoneOffsetMs(first, zone);
}

function planSummary(d: NonNullable<PlanResponse['plan']>['days'][number], level: string): string | null {
  if (d.kind === 'exam') return `NREMT ${level} exam`;
  if (d.kind === 'rest') return null;
  const parts = [
    d.reviews ? `${d.reviews} reviews` : '',
    d.newCards ? `${d.newCards} new cards` : '',
    d.questionCount ? `${d.questionCount} questions` : '',
    d.practiceExam ? 'practice exam' : '',
  ].filter(Boolean);
  if (!parts.length) return null;
  return `Study plan: ${parts.join(', ')} (about ${d.minutes} min)`;
}

export function calendarIcs(userId: string, view: PlanResponse, events: readonly PlanEventView[], now: Date): string {
  const stamp = utc(now.getTime());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MedicPrep//Study plan//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:MedicPrep study plan',
  ];
  const level = view.settings?.level ?? '';
  for (const d of view.plan?.days ?? []) {
    const summary = planSummary(d, level);
    if (!summary) continue;
    const detail = d.questions.map((q) => `${q.domain}: ${q.count}`).join('\n');
    lines.push(
      'BEGIN:VEVENT',
      `UID:plan-${d.date}-${userId}@medicprep`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDate(d.date)}`,
      `DTEND;VALUE=DATE:${compactDate(nextDate(d.date))}`,
      `SUMMARY:${text(summary)}`,
      ...(detail ? [`DESCRIPTION:${text(detail)}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  for (const e of events) {
    const start = localInstant(e.date, e.time, view.timeZone);
    lines.push(
      'BEGIN:VEVENT',
      `UID:event-${e.id}@medicprep`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utc(start)}`,
      `DTEND:${utc(start + e.durationMinutes * 60_000)}`,
      `SUMMARY:${text(e.title)}`,
      `CATEGORIES:${text(PLAN_EVENT_LABELS[e.type])}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
