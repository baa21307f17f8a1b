// The rhythm definitions scripts/ekg-strip.ts draws into media/ekg/<slug>.svg. Times in seconds,
// amplitudes in mV (lead II, positive upward). Each comment states the criteria the strip shows.
import type { Complex, Knot, RhythmDefinition, Shape } from './ekg-strip';

/** Sinus P wave: upright, rounded, 0.10 s, 0.15 mV. */
export const P: Shape = {
  dur: 0.1,
  smooth: true,
  knots: [
    [0, 0],
    [0.5, 0.16],
    [1, 0],
  ],
};
/** Retrograde P wave (junctional): inverted in lead II. */
const P_RETRO: Shape = {
  dur: 0.08,
  smooth: true,
  knots: [
    [0, 0],
    [0.5, -0.14],
    [1, 0],
  ],
};
/** Flutter wave, 0.20 s (300/min): the negative sawtooth of lead II (slow downslope, brisk upstroke).
 *  It starts and ends at 0 mV, mid-upstroke, so that adjacent waves join without a doubled point. */
const F_WAVE: Shape = {
  dur: 0.2,
  knots: [
    [0, 0],
    [0.1, 0.13],
    [0.78, -0.24],
    [0.88, -0.22],
    [1, 0],
  ],
};
/** A conducted beat in flutter: the small T wave stays inside the sawtooth. */
const FLUTTER_BEAT: Complex = {
  qrs: narrowQrs(0.08),
  t: {
    dur: 0.18,
    smooth: true,
    knots: [
      [0, 0],
      [0.6, 0.12],
      [1, 0],
    ],
  },
  st: 0.08,
};

/** Narrow QRS of the given duration (s): small q, tall R, small s. */
export function narrowQrs(dur: number, r = 1.1): Shape {
  return {
    dur,
    knots: [
      [0, 0],
      [0.16, -0.05],
      [0.47, r],
      [0.76, -0.19],
      [0.9, -0.03],
      [1, 0],
    ],
  };
}
/** Wide upright ventricular QRS (ectopic or escape beat) of the given duration. */
export function wideQrs(dur: number, r = 1.25): Shape {
  return {
    dur,
    smooth: true,
    knots: [
      [0, 0],
      [0.35, r],
      [0.62, 0.15],
      [0.82, -0.32],
      [1, 0],
    ],
  };
}
const T_UP: Shape = {
  dur: 0.22,
  smooth: true,
  knots: [
    [0, 0],
    [0.6, 0.3],
    [1, 0],
  ],
};
const T_DOWN: Shape = {
  dur: 0.26,
  smooth: true,
  knots: [
    [0, 0],
    [0.55, -0.45],
    [1, 0],
  ],
};

export const SINUS_BEAT: Complex = { qrs: narrowQrs(0.08), t: T_UP, st: 0.08 };
export const PVC: Complex = { qrs: wideQrs(0.16), t: T_DOWN, st: 0.02 };
/** Right-ventricular paced beat: wide, negative in lead II, T wave opposite (upright). */
const PACED: Complex = {
  qrs: {
    dur: 0.16,
    smooth: true,
    knots: [
      [0, 0],
      [0.1, 0.04],
      [0.42, -1.05],
      [0.75, -0.3],
      [1, 0],
    ],
  },
  t: {
    dur: 0.3,
    smooth: true,
    knots: [
      [0, 0],
      [0.55, 0.34],
      [1, 0],
    ],
  },
  st: 0.04,
};

function polymorphicRun(seed: number, count: number): { rr: number; complex: Complex }[] {
  // Irregular R-R of 0.22-0.30 s (about 200-270/min), each complex wide with its own amplitude and
  // polarity; no twisting spindle and no long QT before the run, unlike torsades.
  const amps = [1.2, -0.9, 1.5, 0.7, -1.3, 1.0, 1.6, -0.6, 0.9, -1.4, 1.3, 0.6, -1.1, 1.5, -0.8, 1.1, 0.8, -1.5, 1.2, -0.7, 1.4, 0.9];
  return Array.from({ length: count }, (_, i) => {
    const a = amps[(i + seed) % amps.length] ?? 1;
    const rr = 0.22 + 0.08 * (((i * 3 + seed) % 7) / 6);
    const qrs: Shape = {
      dur: rr * 0.55,
      smooth: true,
      knots: [
        [0, 0],
        [0.5, a],
        [1, 0],
      ],
    };
    const t: Shape = {
      dur: rr * 0.45,
      smooth: true,
      knots: [
        [0, 0],
        [0.5, -0.55 * a],
        [1, 0],
      ],
    };
    return { rr, complex: { qrs, t, st: 0 } };
  });
}

export const EKG_STRIPS: Record<string, RhythmDefinition> = {
  // Sinus 75/min (P-P 0.80 s), PR 0.16, QRS 0.08; two identical (unifocal) PVCs, 0.16 s wide with the T
  // wave opposite, each followed by a full compensatory pause (the sinus P after it is not conducted).
  'sinus-rhythm-unifocal-pvcs': {
    seed: 11,
    atria: { kind: 'p', rate: 75, first: 0.2, wave: P },
    conduction: { pr: 0.16, pattern: [1], complex: SINUS_BEAT },
    ectopy: [
      { afterBeat: 0, coupling: 0.44 },
      { afterBeat: 4, coupling: 0.44 },
    ].map((e) => ({ ...e, complex: PVC })),
  },
  // Flutter waves at 300/min (F-F 0.20 s); conduction varies 4:1, 3:1, 4:1, 2:1, 3:1 (ventricular rate
  // about 90/min, irregular, R-R a multiple of 0.20 s); constant F-to-QRS interval; QRS 0.08.
  'atrial-flutter-variable-block': {
    seed: 12,
    atria: { kind: 'flutter', rate: 300, first: 0, wave: F_WAVE },
    conduction: {
      pr: 0.26,
      pattern: [1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0],
      complex: FLUTTER_BEAT,
    },
  },
  // Atrial rate 90/min (P-P 0.667 s), every second P wave blocked: ventricular rate 45/min, constant PR
  // 0.20 s in conducted beats, QRS 0.08.
  'second-degree-av-block-2-to-1': {
    seed: 13,
    atria: { kind: 'p', rate: 90, first: 0.15, wave: P },
    conduction: { pr: 0.2, pattern: [1, 0], complex: SINUS_BEAT },
  },
  // Junctional pacemaker at 80/min (above the 40-60 escape range, below 100): inverted P waves 0.08 s
  // before each narrow QRS (0.08 s).
  'accelerated-junctional-rhythm': {
    seed: 14,
    atria: { kind: 'p', rate: 80, first: 0.25, wave: P_RETRO },
    conduction: { pr: 0.08, pattern: [1], complex: SINUS_BEAT },
  },
  // Sinus 72/min (P-P 0.83 s), PR 0.16, QRS 0.08; after the third beat the sinus node stops for 2.6 s,
  // not a multiple of the P-P interval (sinus arrest, not exit block), then sinus rhythm resumes.
  'sinus-arrest': {
    seed: 15,
    atria: { kind: 'p', rate: 72, first: 0.2, wave: P, arrest: [{ after: 2, pause: 2.6 }] },
    conduction: { pr: 0.16, pattern: [1], complex: SINUS_BEAT },
  },
  // Ventricular pacemaker at 70/min (spike every 0.857 s); the 3rd and 6th spikes are not followed by a
  // QRS (failure to capture), leaving pauses of 1.71 s; captured beats wide (0.16 s), negative in II.
  'pacemaker-failure-to-capture': {
    seed: 16,
    baseline: 90,
    pacing: { rate: 70, first: 0.3, spike: 1.6, capture: [1, 1, 0, 1, 1, 0, 1], complex: PACED },
  },
  // Two sinus beats at 80/min with a normal QT (0.34 s: QRS 0.08 + ST 0.06 + T 0.20; QTc about 0.39 s),
  // then a PVC 0.44 s after the second QRS, just after its T wave, starts polymorphic VT: wide complexes
  // of changing shape, amplitude and polarity at about 200-270/min, irregular. No P wave precedes the run.
  'polymorphic-ventricular-tachycardia': {
    seed: 17,
    atria: { kind: 'p', rate: 80, first: 0.15, wave: P, until: 1.6 },
    conduction: { pr: 0.16, pattern: [1], complex: { ...SINUS_BEAT, t: { ...T_UP, dur: 0.2 }, st: 0.06 } },
    run: { start: 1.5, beats: polymorphicRun(3, 24) },
  },
  // Infant SVT: regular narrow-complex tachycardia at 240/min (R-R 0.25 s) with no visible P waves,
  // QRS 0.06 s, small T waves; no beat-to-beat variation.
  'supraventricular-tachycardia-infant': {
    seed: 19,
    escape: {
      rate: 240,
      first: 0.12,
      complex: {
        qrs: narrowQrs(0.06, 1.0),
        t: {
          dur: 0.1,
          smooth: true,
          knots: [
            [0, 0],
            [0.55, 0.22],
            [1, 0],
          ],
        },
        st: 0.03,
      },
    },
  },
  // Hyperkalemia: sinus 79/min (P-P 0.76 s) with small flat P waves (0.06 mV), PR 0.20, QRS 0.10, and
  // tall (1.0 mV), narrow-based, symmetric, peaked T waves taller than the R waves.
  'hyperkalemia-peaked-t-waves': {
    seed: 18,
    atria: {
      kind: 'p',
      rate: 79,
      first: 0.1,
      wave: {
        ...P,
        knots: [
          [0, 0],
          [0.5, 0.06],
          [1, 0],
        ],
      },
    },
    conduction: {
      pr: 0.2,
      pattern: [1],
      complex: {
        qrs: narrowQrs(0.1, 0.75),
        t: {
          dur: 0.2,
          knots: [
            [0, 0],
            [0.2, 0.1],
            [0.42, 0.82],
            [0.5, 1],
            [0.58, 0.82],
            [0.8, 0.1],
            [1, 0],
          ],
        },
        st: 0.05,
      },
    },
  },
};

/** Knots of a smooth curve `f` (u from 0 to 1), sampled at n + 1 points, for shapes that are not a few bumps. */
function sampled(f: (u: number) => number, n = 24): Knot[] {
  return Array.from({ length: n + 1 }, (_, i): Knot => [i / n, Number(f(i / n).toFixed(4))]);
}

/** Small T wave of a fast rhythm. */
function smallT(dur: number, mv: number): Shape {
  return {
    dur,
    smooth: true,
    knots: [
      [0, 0],
      [0.55, mv],
      [1, 0],
    ],
  };
}

/** Infant P wave: 0.07 s, 0.12 mV. */
const P_INFANT: Shape = {
  dur: 0.07,
  smooth: true,
  knots: [
    [0, 0],
    [0.5, 0.12],
    [1, 0],
  ],
};

/** Wandering atrial pacemaker: sinus-like, peaked, low atrial (inverted) and flat-biphasic P waves. */
const WAP_WAVES: Shape[] = [
  P,
  {
    dur: 0.08,
    smooth: true,
    knots: [
      [0, 0],
      [0.5, 0.26],
      [1, 0],
    ],
  },
  {
    dur: 0.08,
    smooth: true,
    knots: [
      [0, 0],
      [0.5, -0.16],
      [1, 0],
    ],
  },
  {
    dur: 0.1,
    smooth: true,
    knots: [
      [0, 0],
      [0.3, 0.09],
      [0.7, -0.08],
      [1, 0],
    ],
  },
  {
    dur: 0.09,
    smooth: true,
    knots: [
      [0, 0],
      [0.5, 0.1],
      [1, 0],
    ],
  },
];

/** Pre-excited QRS (WPW): 0.12 s, the first 0.04 s a slow slurred upstroke (delta wave) before the steep R. */
const DELTA_QRS: Shape = {
  dur: 0.12,
  knots: [
    [0, 0],
    [0.12, 0.1],
    [0.33, 0.32],
    [0.58, 1.1],
    [0.8, -0.15],
    [0.92, -0.03],
    [1, 0],
  ],
};

/** Bundle-branch-block QRS: 0.14 s, notched (two R peaks), with the T wave opposite the QRS. */
const BBB_BEAT: Complex = {
  qrs: {
    dur: 0.14,
    smooth: true,
    knots: [
      [0, 0],
      [0.12, 0.12],
      [0.32, 0.85],
      [0.47, 0.58],
      [0.66, 0.95],
      [0.86, 0.15],
      [1, 0],
    ],
  },
  t: {
    dur: 0.24,
    smooth: true,
    knots: [
      [0, 0],
      [0.5, -0.3],
      [1, 0],
    ],
  },
  st: 0.04,
};

/** QRS 0.08 s with 2.5 mm (0.25 mV) of ST elevation at the J point, running straight and convex-upward
 *  into a broad T wave: drawn as one shape (QRS, ST and T) so the J point has no seam. */
const STEMI_BEAT: Complex = {
  qrs: {
    dur: 0.4,
    knots: [
      [0, 0],
      [0.032, -0.05],
      [0.094, 1.05],
      [0.16, 0.05],
      [0.2, 0.25],
      ...sampled((u) => (1 - u) * 0.25 + 0.32 * Math.sin(Math.PI * u ** 1.25), 16)
        .slice(1)
        .map(([u, v]): Knot => [0.2 + 0.8 * u, v]),
    ],
  },
  t: {
    dur: 0.001,
    knots: [
      [0, 0],
      [1, 0],
    ],
  },
  st: 0,
};

/** Sine-wave hyperkalemia: very wide (about 0.26 s) QRS merging with the T wave into a sine-like wave. */
const SINE_BEAT: Complex = {
  qrs: {
    dur: 0.26,
    smooth: true,
    knots: [
      [0, 0],
      [0.5, 0.85],
      [1, 0],
    ],
  },
  t: {
    dur: 0.34,
    smooth: true,
    knots: [
      [0, 0],
      [0.5, -0.55],
      [1, 0],
    ],
  },
  st: 0,
};

/** A second PVC focus: wide, negative in lead II, T wave upright (opposite). */
const PVC_NEGATIVE: Complex = {
  qrs: {
    dur: 0.15,
    smooth: true,
    knots: [
      [0, 0],
      [0.12, 0.1],
      [0.45, -1.15],
      [0.8, -0.25],
      [1, 0],
    ],
  },
  t: smallT(0.26, 0.42),
  st: 0.02,
};

const FAST_BEAT: Complex = { qrs: narrowQrs(0.08), t: smallT(0.16, 0.2), st: 0.06 };
const INFANT_BEAT: Complex = { qrs: narrowQrs(0.06, 1.0), t: smallT(0.1, 0.22), st: 0.03 };

/** Irregularly irregular R-R intervals for atrial fibrillation with a rapid ventricular response (mean 0.40 s). */
const AF_RVR_RR = [0.38, 0.46, 0.33, 0.42, 0.5, 0.36, 0.4, 0.31, 0.47, 0.39, 0.44, 0.34, 0.41, 0.37, 0.45, 0.35];

export const EKG_STRIPS_2: Record<string, RhythmDefinition> = {
  // Junctional tachycardia: inverted (retrograde) P waves 0.08 s before each narrow QRS (0.08 s), regular
  // at 125/min (R-R 0.48 s), above the 40-60 junctional escape and 61-100 accelerated ranges.
  'junctional-tachycardia': {
    seed: 21,
    atria: { kind: 'p', rate: 125, first: 0.12, wave: P_RETRO },
    conduction: { pr: 0.08, pattern: [1], complex: FAST_BEAT },
  },
  // Atrial fibrillation with rapid ventricular response: no P waves, a fine fibrillatory baseline, narrow
  // QRS (0.08 s), R-R 0.31-0.50 s with no pattern (mean 0.40 s, about 150/min).
  'atrial-fibrillation-rvr': {
    seed: 22,
    atria: { kind: 'fib', amp: 0.1 },
    run: { start: 0.12, beats: AF_RVR_RR.map((rr) => ({ rr, complex: FAST_BEAT })) },
  },
  // Wolff-Parkinson-White pattern: sinus 75/min, short PR (0.10 s: the QRS begins as the P wave ends),
  // delta wave (slurred first 0.04 s of the QRS), QRS 0.12 s.
  'wolff-parkinson-white': {
    seed: 23,
    atria: { kind: 'p', rate: 75, first: 0.15, wave: P },
    conduction: { pr: 0.1, pattern: [1], complex: { qrs: DELTA_QRS, t: { ...T_UP, dur: 0.2 }, st: 0.06 } },
  },
  // Sinus rhythm 72/min (P-P 0.83 s), PR 0.16, QRS 0.14 s notched with the T wave opposite: a bundle
  // branch block pattern (which bundle needs a 12-lead: V1 and V6).
  'sinus-rhythm-bundle-branch-block': {
    seed: 24,
    atria: { kind: 'p', rate: 72, first: 0.15, wave: P },
    conduction: { pr: 0.16, pattern: [1], complex: BBB_BEAT },
  },
  // Pacemaker failure to sense (undersensing): sinus rhythm 70/min (PR 0.16, QRS 0.08) while a ventricular
  // pacemaker fires at a fixed 60/min (every 1.00 s) regardless of it. The 1st spike falls in the ST segment
  // 0.24 s after a sinus QRS and the 2nd at the end of the T wave (0.38 s after it): refractory, no capture;
  // the 3rd to 5th fall when the ventricles are excitable and capture (wide, negative paced beats; the sinus
  // P waves march on, and those reaching refractory ventricles are not conducted); the 6th falls 0.10 s
  // after a conducted sinus QRS and does not capture.
  'pacemaker-failure-to-sense': {
    seed: 25,
    baseline: 90,
    atria: { kind: 'p', rate: 70, first: 0.1, wave: P },
    conduction: { pr: 0.16, pattern: [1], complex: SINUS_BEAT },
    pacing: { rate: 60, first: 0.5, spike: 1.6, capture: [0, 0, 1, 1, 1, 0], complex: PACED },
  },
  // Wandering atrial pacemaker: five P-wave shapes in turn (sinus, peaked, inverted, flat-biphasic, small),
  // PR 0.12-0.20 s varying with them, P-P 0.78-0.96 s (rate about 70/min, under 100), QRS 0.08.
  'wandering-atrial-pacemaker': {
    seed: 26,
    atria: { kind: 'p', rate: 70, first: 0.12, wave: P, waves: WAP_WAVES, cycles: [0.86, 0.94, 0.8, 0.9, 0.96, 0.78, 0.88] },
    conduction: { pr: 0.16, prs: [0.18, 0.15, 0.12, 0.14, 0.2], pattern: [1], complex: SINUS_BEAT },
  },
  // Severe hyperkalemia, sine-wave pattern: no P waves, QRS about 0.26 s merging with the T wave into a
  // continuous sine-like wave, regular at 90/min.
  'hyperkalemia-sine-wave': {
    seed: 27,
    escape: { rate: 90, first: 0.2, complex: SINE_BEAT },
  },
  // Atrial flutter with 2:1 conduction: flutter waves 300/min (F-F 0.20 s), every second one conducted,
  // ventricular rate 150/min regular (R-R 0.40 s), QRS 0.08; one flutter wave of each pair sits in the
  // QRS-T and is easy to miss.
  'atrial-flutter-2-to-1': {
    seed: 28,
    atria: { kind: 'flutter', rate: 300, first: 0, wave: F_WAVE },
    conduction: { pr: 0.26, pattern: [1, 0], complex: FLUTTER_BEAT },
  },
  // Sinus 75/min (PR 0.16, QRS 0.08) with two PVCs of different shapes: the first upright, the second
  // negative in lead II (two foci), each followed by a full compensatory pause.
  'sinus-rhythm-multifocal-pvcs': {
    seed: 29,
    atria: { kind: 'p', rate: 75, first: 0.2, wave: P },
    conduction: { pr: 0.16, pattern: [1], complex: SINUS_BEAT },
    ectopy: [
      { afterBeat: 1, coupling: 0.44, complex: PVC },
      { afterBeat: 4, coupling: 0.46, complex: PVC_NEGATIVE },
    ],
  },
  // Sinus rhythm 80/min (P-P 0.75 s), PR 0.16, QRS 0.08 with 2.5 mm ST elevation at the J point running
  // into the T wave: ST elevation in lead II that needs a 12-lead.
  'sinus-rhythm-st-elevation': {
    seed: 30,
    atria: { kind: 'p', rate: 80, first: 0.12, wave: P },
    conduction: { pr: 0.16, pattern: [1], complex: STEMI_BEAT },
  },
  // Ventricular standstill (P-wave asystole): sinus P waves at 75/min (P-P 0.80 s), none conducted, no
  // QRS complexes at all.
  'p-wave-asystole': {
    seed: 31,
    atria: { kind: 'p', rate: 75, first: 0.3, wave: P },
  },
  // Dual-chamber (AV sequential) pacing at 70/min (every 0.857 s): a small atrial spike followed by a paced P
  // wave, then 0.16 s later a ventricular spike with a wide (0.16 s) QRS, negative in lead II; every spike captures.
  'dual-chamber-paced-rhythm': {
    seed: 33,
    baseline: 90,
    pacing: { rate: 70, first: 0.4, spike: 1.6, capture: [1], complex: PACED, atrial: { av: 0.16, wave: P } },
  },
  // Infant sinus bradycardia: 55/min (P-P 1.09 s), an upright P wave before every QRS, PR 0.12, QRS 0.06.
  'sinus-bradycardia-infant': {
    seed: 34,
    atria: { kind: 'p', rate: 55, first: 0.3, wave: P_INFANT },
    conduction: { pr: 0.12, pattern: [1], complex: { ...INFANT_BEAT, t: smallT(0.14, 0.25) } },
  },
  // Infant sinus tachycardia: 170/min on average with small beat-to-beat variation (P-P 0.34-0.37 s), an
  // upright P wave before every QRS, PR 0.10, QRS 0.06.
  'sinus-tachycardia-infant': {
    seed: 32,
    atria: { kind: 'p', rate: 170, first: 0.08, wave: P_INFANT, cycles: [0.35, 0.36, 0.34, 0.37, 0.35, 0.345, 0.36, 0.355, 0.34, 0.365] },
    conduction: { pr: 0.1, pattern: [1], complex: INFANT_BEAT },
  },
};
