// The rhythm definitions scripts/ekg-strip.ts draws into media/ekg/<slug>.svg. Times in seconds,
// amplitudes in mV (lead II, positive upward). Each comment states the criteria the strip shows.
import type { Complex, RhythmDefinition, Shape } from './ekg-strip';

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
