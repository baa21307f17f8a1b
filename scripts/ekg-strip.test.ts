import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PX_PER_S, stripSvg, tracePath, type RhythmDefinition } from './ekg-strip';
import { EKG_STRIPS, EKG_STRIPS_2, P, PVC, SINUS_BEAT, narrowQrs, wideQrs } from './ekg-strips';

const BASE = 100;

function points(d: string): [number, number][] {
  return [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** The value of the trace at x px (the path is a polyline). */
function yAt(pts: [number, number][], x: number): number {
  const i = pts.findIndex((p) => p[0] >= x);
  const b = pts[i];
  const a = pts[i - 1];
  if (!b) return BASE;
  if (!a || b[0] === a[0]) return b[1];
  return a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0]);
}

/** R waves: the highest point of each stretch of the trace more than 0.5 mV (20 px) above the baseline
 *  that falls below 40 % of its height within 0.03 s, as a QRS does and a T wave (even a peaked one) does not. */
function rPeaks(pts: [number, number][]): number[] {
  const peaks: number[] = [];
  let best: [number, number] | undefined;
  for (const p of pts) {
    if (BASE - p[1] > 20) {
      if (!best || p[1] < best[1]) best = p;
    } else if (best) {
      if (BASE - yAt(pts, best[0] + 0.03 * PX_PER_S) < 0.4 * (BASE - best[1])) peaks.push(best[0]);
      best = undefined;
    }
  }
  return peaks;
}

/** QRS width in s: from the R peak outward to where the trace returns within 0.3 px of the baseline. */
function qrsWidth(pts: [number, number][], rx: number): number {
  const i = pts.findIndex((p) => p[0] === rx);
  let a = i;
  let b = i;
  while (a > 0 && Math.abs((pts[a - 1]?.[1] ?? BASE) - BASE) > 0.3) a--;
  while (b < pts.length - 1 && Math.abs((pts[b + 1]?.[1] ?? BASE) - BASE) > 0.3) b++;
  return ((pts[b + 1]?.[0] ?? 0) - (pts[a - 1]?.[0] ?? 0)) / PX_PER_S;
}

function measure(def: RhythmDefinition) {
  const pts = points(tracePath({ ...def, wander: 0, baseline: BASE }));
  const peaks = rPeaks(pts);
  const rr = peaks.slice(1).map((x, i) => (x - (peaks[i] ?? 0)) / PX_PER_S);
  return { pts, peaks, rr, rate: 60 / (rr.reduce((s, v) => s + v, 0) / rr.length) };
}

describe('ekg-strip', () => {
  it('draws sinus rhythm at 75/min with R-R 0.80 s and a QRS of 0.08 s', () => {
    const { pts, peaks, rr, rate } = measure({
      atria: { kind: 'p', rate: 75, first: 0.1, wave: P },
      conduction: { pr: 0.16, pattern: [1], complex: SINUS_BEAT },
    });
    expect(peaks).toHaveLength(8);
    for (const v of rr) expect(v).toBeCloseTo(0.8, 2);
    expect(rate).toBeCloseTo(75, 0);
    for (const r of peaks) expect(qrsWidth(pts, r)).toBeCloseTo(0.08, 2);
  });

  it('draws a wide ventricular escape at 40/min with a QRS of 0.16 s', () => {
    const { pts, peaks, rate } = measure({ escape: { rate: 40, first: 0.5, complex: { qrs: wideQrs(0.16), t: PVC.t, st: 0.02 } } });
    expect(peaks).toHaveLength(4);
    expect(rate).toBeCloseTo(40, 0);
    for (const r of peaks) expect(qrsWidth(pts, r)).toBeCloseTo(0.16, 2);
  });

  it('conducts every second P wave in 2:1 block: atrial 90/min, ventricular 45/min', () => {
    const def = EKG_STRIPS['second-degree-av-block-2-to-1'];
    if (!def) throw new Error('strip missing');
    const { rate, pts, peaks } = measure(def);
    expect(rate).toBeCloseTo(45, 0);
    for (const r of peaks) expect(qrsWidth(pts, r)).toBeCloseTo(0.08, 2);
  });

  it('draws the new strips at their stated rates and QRS widths', () => {
    const cases: [string, number, number][] = [
      ['accelerated-junctional-rhythm', 80, 0.08],
      ['hyperkalemia-peaked-t-waves', 79, 0.1],
      ['supraventricular-tachycardia-infant', 240, 0.06],
    ];
    for (const [slug, bpm, qrs] of cases) {
      const def = EKG_STRIPS[slug];
      if (!def) throw new Error(`${slug} missing`);
      const { rate, pts, peaks } = measure(def);
      expect(rate, slug).toBeCloseTo(bpm, 0);
      for (const r of peaks) expect(qrsWidth(pts, r), slug).toBeCloseTo(qrs, 2);
    }
  });

  it('conducts flutter at 4:1, 3:1 and 2:1, each R-R a whole number of 0.20 s flutter cycles, with no spikes between waves', () => {
    const def = EKG_STRIPS['atrial-flutter-variable-block'];
    if (!def) throw new Error('strip missing');
    const { rr, pts, peaks } = measure(def);
    const ratios = rr.map((v) => v / 0.2);
    for (const k of ratios) expect(Math.abs(k - Math.round(k))).toBeLessThan(0.02);
    expect(new Set(ratios.map(Math.round))).toEqual(new Set([2, 3, 4]));
    // away from the QRS complexes the trace is only the sawtooth: never above its 0.13 mV peak
    const between = pts.filter(([x]) => peaks.every((r) => Math.abs(x - r) > 0.08 * PX_PER_S));
    for (const [, y] of between) expect(BASE - y).toBeLessThanOrEqual(0.13 * 40 + 0.5);
  });

  it('keeps the full compensatory pause around a PVC (twice the sinus cycle)', () => {
    const { rr } = measure({
      ...EKG_STRIPS['sinus-rhythm-unifocal-pvcs'],
      atria: { kind: 'p', rate: 75, first: 0.2, wave: P },
      ectopy: [{ afterBeat: 1, coupling: 0.44, complex: { ...PVC, qrs: wideQrs(0.16) } }],
    });
    // R waves: sinus, sinus, PVC, sinus ...: coupling 0.44 s + pause 1.16 s = 2 x 0.80 s
    expect((rr[1] ?? 0) + (rr[2] ?? 0)).toBeCloseTo(1.6, 2);
  });

  it('uses the exact frame and grid of the existing strips', () => {
    const existing = readFileSync(path.resolve('media/ekg/normal-sinus-rhythm.svg'), 'utf8');
    const head = (svg: string) => svg.slice(0, svg.lastIndexOf('<path'));
    const ours = stripSvg({
      atria: { kind: 'p', rate: 60, first: 0.2, wave: P },
      conduction: { pr: 0.16, pattern: [1], complex: { ...SINUS_BEAT, qrs: narrowQrs(0.08) } },
    });
    expect(head(ours)).toBe(head(existing));
    expect(ours.slice(ours.lastIndexOf('<path')).replace(/d="[^"]*"/, '')).toBe(
      existing.slice(existing.lastIndexOf('<path')).replace(/d="[^"]*"/, ''),
    );
  });

  it('draws the second set of strips at their stated rates and QRS widths', () => {
    const cases: [string, number, number][] = [
      ['junctional-tachycardia', 125, 0.08],
      ['wolff-parkinson-white', 75, 0.12],
      ['sinus-rhythm-bundle-branch-block', 72, 0.14],
      ['atrial-flutter-2-to-1', 150, 0.08],
      ['sinus-tachycardia-infant', 170, 0.06],
      ['sinus-rhythm-st-elevation', 80, 0.08],
      ['sinus-bradycardia-infant', 55, 0.06],
    ];
    for (const [slug, bpm, qrs] of cases) {
      const def = EKG_STRIPS_2[slug];
      if (!def) throw new Error(`${slug} missing`);
      const { rate, rr, pts, peaks } = measure(def);
      expect(rate, slug).toBeCloseTo(bpm, 0);
      if (slug !== 'sinus-tachycardia-infant') for (const v of rr) expect(v, slug).toBeCloseTo(60 / bpm, 2);
      // the ST-elevation beat does not return to the baseline at the J point, nor flutter between its waves, so
      // their QRS is not measured this way
      if (!['sinus-rhythm-st-elevation', 'atrial-flutter-2-to-1'].includes(slug))
        for (const r of peaks) expect(qrsWidth(pts, r), slug).toBeCloseTo(qrs, 2);
    }
  });

  it('draws atrial fibrillation with RVR irregularly irregular at about 150/min with no two R-R alike in a row', () => {
    const def = EKG_STRIPS_2['atrial-fibrillation-rvr'];
    if (!def) throw new Error('strip missing');
    const { rr, rate } = measure(def);
    expect(rate).toBeGreaterThan(140);
    expect(rate).toBeLessThan(160);
    expect(Math.max(...rr) - Math.min(...rr)).toBeGreaterThan(0.15);
    for (let i = 1; i < rr.length; i++) expect(Math.abs((rr[i] ?? 0) - (rr[i - 1] ?? 0))).toBeGreaterThan(0.02);
  });

  it('keeps the ventricles silent in P-wave asystole and never flat in the sine-wave pattern', () => {
    const asystole = EKG_STRIPS_2['p-wave-asystole'];
    const sine = EKG_STRIPS_2['hyperkalemia-sine-wave'];
    if (!asystole || !sine) throw new Error('strip missing');
    const a = points(tracePath({ ...asystole, wander: 0, baseline: BASE }));
    expect(Math.max(...a.map(([, y]) => BASE - y))).toBeLessThan(0.2 * 40);
    // no stretch of 0.1 s or more stays within 0.05 mV of the baseline
    const s = points(tracePath({ ...sine, wander: 0, baseline: BASE }));
    for (let x = 20; x < 590; x += 10) {
      const flat = [0, 2, 4, 6, 8, 10].every((d) => Math.abs(yAt(s, x + d) - BASE) < 2);
      expect(flat, `flat at ${x}`).toBe(false);
    }
  });

  it('paces through sinus beats when the pacemaker fails to sense: spikes every 1.00 s, no sinus QRS within 0.45 s after a captured beat', () => {
    const def = EKG_STRIPS_2['pacemaker-failure-to-sense'];
    if (!def?.pacing || !def.conduction || !def.atria || def.atria.kind !== 'p') throw new Error('strip missing');
    const pts = points(tracePath({ ...def, wander: 0, baseline: BASE }));
    // spikes: the only points 1.2 mV or more above the baseline
    const spikes = pts.filter(([, y]) => BASE - y > 1.2 * 40).map(([x]) => Math.round(x / 10) * 10);
    const uniq = [...new Set(spikes)];
    expect(uniq).toEqual([50, 150, 250, 350, 450, 550]);
    // R waves of conducted sinus beats (upright, narrow): none in the 0.45 s after each of the captured spikes
    const peaks = rPeaks(pts).filter((x) => !uniq.some((sx) => Math.abs(x - sx) < 3));
    for (const sx of [250, 350, 450]) expect(peaks.filter((x) => x > sx && x < sx + 45)).toEqual([]);
    expect(peaks.length).toBe(4);
  });

  it('paces both chambers in sequence: an atrial spike 0.16 s before every ventricular spike, at 70/min', () => {
    const def = EKG_STRIPS_2['dual-chamber-paced-rhythm'];
    if (!def) throw new Error('strip missing');
    const pts = points(tracePath({ ...def, wander: 0, baseline: BASE }));
    // x of each spike: the points above `mv`, one per cluster (a spike is 0.6 px wide)
    const above = (mv: number) =>
      pts
        .filter(([, y]) => BASE - y > mv * 40)
        .map(([x]) => x)
        .filter((x, i, xs) => i === 0 || x - (xs[i - 1] ?? 0) > 3);
    const ventricular = above(1.2);
    const atrial = above(0.5).filter((x) => !ventricular.some((v) => Math.abs(v - x) < 2));
    expect(ventricular.length).toBe(7);
    for (let i = 1; i < ventricular.length; i++)
      expect(((ventricular[i] ?? 0) - (ventricular[i - 1] ?? 0)) / PX_PER_S).toBeCloseTo(60 / 70, 1);
    for (const v of ventricular) expect(atrial.some((a) => Math.abs(v - a - 16) <= 1)).toBe(true);
  });
});
