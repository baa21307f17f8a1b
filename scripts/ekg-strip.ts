// npx tsx scripts/ekg-strip.ts [slug ...] — draws lead II rhythm strips into media/ekg/<slug>.svg in the
// format of the existing strips: 600 x 160 px for 6 s at 25 mm/s (1 mm = 4 px, so 100 px per second),
// 10 mm/mV (40 px per mV), small boxes every 4 px, large boxes every 20 px. Each strip is drawn from a
// rhythm definition (atrial activity, AV conduction, escape rhythm, pacing, ectopy), so its intervals
// are exactly the criteria the rhythm is taught by. The strip definitions are in ekg-strips.ts.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EKG_STRIPS, EKG_STRIPS_2 } from './ekg-strips';
import { seededRandom } from '../src/shared/seeded-random';

export const PX_PER_S = 100;
export const PX_PER_MV = 40;
const WIDTH = 600;
const HEIGHT = 160;

/** A knot of a deflection: [fraction of its duration, millivolts, positive upward]. */
export type Knot = readonly [number, number];
/** One deflection shape (P, QRS, T, flutter wave, pacing spike); smooth shapes use cosine easing between knots. */
export interface Shape {
  dur: number;
  knots: readonly Knot[];
  smooth?: boolean;
}
/** A ventricular complex: the QRS and the T wave that starts `st` seconds after the QRS ends. */
export interface Complex {
  qrs: Shape;
  t: Shape;
  st: number;
}

export type AtrialActivity =
  | {
      kind: 'p';
      rate: number;
      first: number;
      wave: Shape;
      /** sinus arrest: after the P wave with this index, the next one comes `pause` seconds later */
      arrest?: { after: number; pause: number }[];
      /** P-P intervals (s) that repeat over the beats instead of 60 / rate (a changing atrial rate) */
      cycles?: readonly number[];
      /** P-wave shapes that repeat over the beats instead of `wave` (a wandering pacemaker) */
      waves?: readonly Shape[];
      until?: number;
    }
  | { kind: 'flutter'; rate: number; first: number; wave: Shape; until?: number }
  /** fibrillatory baseline: small rounded half-waves of random length (0.05-0.08 s, so a full f wave lasts
   *  0.10-0.16 s: 375-600/min) and height (up to `amp` mV), alternately up and down */
  | { kind: 'fib'; amp: number };

export interface RhythmDefinition {
  seconds?: number;
  /** y of the isoelectric line in px (the existing strips use 100, the paced strip 90) */
  baseline?: number;
  /** amplitude of the slow baseline drift in px; 0 for measuring */
  wander?: number;
  seed?: number;
  atria?: AtrialActivity;
  /** AV conduction of the atrial waves: `pattern` repeats over them (1 conducted, 0 blocked), `pr` in s
   *  (or `prs`, repeating over the atrial waves, for a PR that changes from beat to beat) */
  conduction?: { pr: number; prs?: readonly number[]; pattern: readonly number[]; complex: Complex };
  /** an independent pacemaker below the block (junctional or ventricular escape) */
  escape?: { rate: number; first: number; complex: Complex };
  /** an implanted ventricular pacemaker: `capture` repeats over the spikes (1 captured, 0 not); a captured
   *  beat leaves the ventricles refractory, so a sinus impulse arriving then is not conducted */
  pacing?: {
    rate: number;
    first: number;
    spike: number;
    capture: readonly number[];
    complex: Complex;
    /** dual-chamber (AV sequential) pacing: an atrial spike and its paced P wave `av` s before each ventricular spike */
    atrial?: { av: number; wave: Shape };
  };
  /** premature ventricular beats, each `coupling` s after the conducted QRS of that index */
  ectopy?: { afterBeat: number; coupling: number; complex: Complex }[];
  /** a run of ventricular complexes starting at `start` (s); each beat its own complex and R-R */
  run?: { start: number; beats: { rr: number; complex: Complex }[] };
}

interface Placed {
  at: number;
  shape: Shape;
}

function placeComplex(out: Placed[], qrsAt: number, c: Complex, scale = 1): void {
  out.push({ at: qrsAt, shape: scaled(c.qrs, scale) });
  out.push({ at: qrsAt + c.qrs.dur + c.st, shape: scaled(c.t, scale) });
}

function scaled(s: Shape, k: number): Shape {
  return k === 1 ? s : { ...s, knots: s.knots.map(([u, v]) => [u, v * k] as const) };
}

function atrialTimes(a: Exclude<AtrialActivity, { kind: 'fib' }>, end: number): number[] {
  const times: number[] = [];
  const cycle = 60 / a.rate;
  const stop = Math.min(end, a.until ?? end);
  let t = a.first;
  for (let i = 0; t < stop; i++) {
    times.push(t);
    const pause = a.kind === 'p' ? a.arrest?.find((x) => x.after === i)?.pause : undefined;
    const own = a.kind === 'p' && a.cycles?.length ? a.cycles[i % a.cycles.length] : undefined;
    t += pause ?? own ?? cycle;
  }
  return times;
}

function fibrillation(amp: number, end: number, r: () => number): Placed[] {
  const out: Placed[] = [];
  for (let t = 0, sign = 1; t < end; sign = -sign) {
    const dur = 0.05 + 0.03 * r();
    const v = sign * amp * (0.35 + 0.65 * r());
    out.push({
      at: t,
      shape: {
        dur,
        smooth: true,
        knots: [
          [0, 0],
          [0.5, v],
          [1, 0],
        ],
      },
    });
    t += dur;
  }
  return out;
}

/** Places every deflection of the rhythm on the time line (seconds from the left edge). */
export function layout(def: RhythmDefinition): Placed[] {
  const end = def.seconds ?? 6;
  const jitter = seededRandom((def.seed ?? 1) * 7919);
  const amp = () => 0.96 + 0.08 * jitter();
  const out: Placed[] = [];
  const conducted: number[] = [];
  const vBeats: number[] = [];
  if (def.atria?.kind === 'fib') out.push(...fibrillation(def.atria.amp, end, jitter));
  else if (def.atria) {
    const a = def.atria;
    const times = atrialTimes(a, end);
    times.forEach((t, i) => {
      const own = a.kind === 'p' && a.waves?.length ? a.waves[i % a.waves.length] : undefined;
      out.push({ at: t, shape: own ?? a.wave });
    });
    if (def.conduction) {
      const { pr, prs, pattern } = def.conduction;
      times.forEach((t, i) => {
        if (pattern[i % pattern.length]) conducted.push(t + (prs?.length ? (prs[i % prs.length] ?? pr) : pr));
      });
    }
  }
  const ectopic = (def.ectopy ?? []).map((e) => ({ ...e, at: (conducted[e.afterBeat] ?? Infinity) + e.coupling }));
  const paced: number[] = [];
  if (def.pacing) {
    const p = def.pacing;
    for (let i = 0, t = p.first; t < end; i++, t += 60 / p.rate) if (p.capture[i % p.capture.length]) paced.push(t + 0.008);
  }
  const refractory = [...ectopic.map((e) => e.at), ...paced];
  for (const q of conducted) {
    // a sinus impulse reaching ventricles still refractory from an ectopic or paced beat is not conducted
    if (refractory.some((at) => q > at - 0.12 && q < at + 0.45)) continue;
    if (def.run && q >= def.run.start - 0.05) continue;
    if (def.conduction) placeComplex(out, q, def.conduction.complex, amp());
    vBeats.push(q);
  }
  for (const e of ectopic) if (e.at < end) placeComplex(out, e.at, e.complex, amp());
  if (def.escape) {
    for (let t = def.escape.first; t < end; t += 60 / def.escape.rate) placeComplex(out, t, def.escape.complex, amp());
  }
  if (def.pacing) {
    const p = def.pacing;
    const spike = (at: number, mv: number): Placed => ({
      at,
      shape: {
        dur: 0.006,
        knots: [
          [0, 0],
          [0.02, mv],
          [0.98, mv],
          [1, 0],
        ],
      },
    });
    for (let i = 0, t = p.first; t < end; i++, t += 60 / p.rate) {
      if (p.atrial && t - p.atrial.av >= 0) {
        out.push(spike(t - p.atrial.av, p.spike * 0.6));
        out.push({ at: t - p.atrial.av + 0.008, shape: p.atrial.wave });
      }
      out.push(spike(t, p.spike));
      if (p.capture[i % p.capture.length]) placeComplex(out, t + 0.008, p.complex, amp());
    }
  }
  if (def.run) {
    let t = def.run.start;
    for (const b of def.run.beats) {
      if (t >= end) break;
      placeComplex(out, t, b.complex);
      t += b.rr;
    }
  }
  return out;
}

function valueAt(s: Shape, u: number): number {
  const k = s.knots;
  for (let i = 1; i < k.length; i++) {
    const a = k[i - 1];
    const b = k[i];
    if (!a || !b || u > b[0]) continue;
    const f = b[0] === a[0] ? 1 : (u - a[0]) / (b[0] - a[0]);
    const e = s.smooth ? (1 - Math.cos(Math.PI * f)) / 2 : f;
    return a[1] + (b[1] - a[1]) * e;
  }
  return 0;
}

/** Ramer-Douglas-Peucker: drops points that lie within `eps` px of the line through their neighbours. */
function simplify(pts: [number, number][], eps: number): [number, number][] {
  const keep = new Uint8Array(pts.length);
  keep[0] = 1;
  keep[pts.length - 1] = 1;
  const stack: [number, number][] = [[0, pts.length - 1]];
  while (stack.length) {
    const [i, j] = stack.pop() ?? [0, 0];
    const [x1, y1] = pts[i] ?? [0, 0];
    const [x2, y2] = pts[j] ?? [0, 0];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    let worst = -1;
    let at = -1;
    for (let k = i + 1; k < j; k++) {
      const [x, y] = pts[k] ?? [0, 0];
      const d = Math.abs((y2 - y1) * x - (x2 - x1) * y + x2 * y1 - y2 * x1) / len;
      if (d > worst) [worst, at] = [d, k];
    }
    if (worst > eps) {
      keep[at] = 1;
      stack.push([i, at], [at, j]);
    }
  }
  return pts.filter((_, i) => keep[i]);
}

const num = (v: number) => String(Number(v.toFixed(1)));

/** The trace as SVG path data: samples every 1 ms plus every knot, simplified to within 0.12 px. */
export function tracePath(def: RhythmDefinition): string {
  const end = def.seconds ?? 6;
  const base = def.baseline ?? 100;
  const r = seededRandom(def.seed ?? 1); // the same strip on every run
  const [w1, w2, p1, p2] = [r(), r(), r() * 6.3, r() * 6.3];
  const wander = def.wander ?? 0.6;
  const placed = layout(def);
  const times = new Set<number>();
  for (let i = 0; i <= end * 1000; i++) times.add(i / 1000);
  for (const p of placed) for (const [u] of p.shape.knots) if (p.at + u * p.shape.dur <= end) times.add(p.at + u * p.shape.dur);
  const pts = [...times]
    .filter((t) => t >= 0)
    .sort((a, b) => a - b)
    .map((t): [number, number] => {
      let mv = 0;
      for (const p of placed) {
        const u = (t - p.at) / p.shape.dur;
        if (u >= 0 && u <= 1) mv += valueAt(p.shape, u);
      }
      const drift =
        wander * ((0.6 + 0.4 * w1) * Math.sin((2 * Math.PI * t) / 4.7 + p1) + (0.3 + 0.2 * w2) * Math.sin((2 * Math.PI * t) / 1.9 + p2));
      return [t * PX_PER_S, base - mv * PX_PER_MV + drift];
    });
  return simplify(pts, 0.12)
    .map(([x, y], i) => `${i ? 'L' : 'M'}${num(x)} ${num(y)}`)
    .join('');
}

function grid(): string {
  const minor: string[] = [];
  const major: string[] = [];
  for (let x = 4; x < WIDTH; x += 4) if (x % 20) minor.push(`M${x} 0V${HEIGHT}`);
  for (let y = 4; y < HEIGHT; y += 4) if (y % 20) minor.push(`M0 ${y}H${WIDTH}`);
  for (let x = 0; x <= WIDTH; x += 20) major.push(`M${x} 0V${HEIGHT}`);
  for (let y = 0; y <= HEIGHT; y += 20) major.push(`M0 ${y}H${WIDTH}`);
  return (
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff6f7"/>` +
    `<path d="${minor.join('')}" stroke="#f5c6cd" stroke-width="0.4" fill="none"/>` +
    `<path d="${major.join('')}" stroke="#e58d9b" stroke-width="0.9" fill="none"/>`
  );
}

export function stripSvg(def: RhythmDefinition): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" ` +
    `aria-label="ECG rhythm strip, lead II, 25 mm/s, 6 seconds">${grid()}` +
    `<path d="${tracePath(def)}" fill="none" stroke="#1b1b1b" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round"/></svg>\n`
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const wanted = process.argv.slice(2);
  for (const [slug, def] of Object.entries({ ...EKG_STRIPS, ...EKG_STRIPS_2 })) {
    if (wanted.length && !wanted.includes(slug)) continue;
    writeFileSync(path.resolve('media/ekg', `${slug}.svg`), stripSvg(def));
    console.log(`media/ekg/${slug}.svg`);
  }
}
