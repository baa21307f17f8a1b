import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ProgressResponse } from '@shared/contracts/progress';
import { READINESS_SCALE } from '@shared/exam';

const SCORE = '#1e3a8a';
const BAND = '#93a4c8';
const STANDARD = '#8f5600';
const STANDARD_SCORE = READINESS_SCALE.atStandard;
const DAY = 86_400;

const dayLabel = (t: number) => new Date(t * 1000).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/**
 * Readiness (100–1500) per ended exam, drawn with uPlot: each score with its 95 % band as a whisker (and shaded between
 * exams), and the passing standard at 950 as a dashed line across the whole plot — drawn by a hook, so that it shows with
 * one exam too, when there is no second point to draw a series' line to. The legend is HTML under the plot. This module is
 * only ever imported lazily (progress-page.tsx), so uPlot stays out of every other screen's download.
 */
export default function ReadinessChart({ exams }: { exams: ProgressResponse['exams'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = exams.map((e) => Date.parse(e.endedAt) / 1000);
    const data: uPlot.AlignedData = [
      xs,
      exams.map((e) => e.readiness.score),
      exams.map((e) => e.readiness.high),
      exams.map((e) => e.readiness.low),
    ];
    const drawStandardAndWhiskers = (u: uPlot) => {
      const { ctx, bbox } = u;
      ctx.save();
      const y = u.valToPos(STANDARD_SCORE, 'readiness', true);
      ctx.strokeStyle = STANDARD;
      ctx.lineWidth = 1.5 * devicePixelRatio;
      ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
      ctx.beginPath();
      ctx.moveTo(bbox.left, y);
      ctx.lineTo(bbox.left + bbox.width, y);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.strokeStyle = BAND;
      ctx.lineWidth = 2 * devicePixelRatio;
      exams.forEach((e, i) => {
        const x = u.valToPos(xs[i]!, 'x', true);
        const [hi, lo] = [u.valToPos(e.readiness.high, 'readiness', true), u.valToPos(e.readiness.low, 'readiness', true)];
        const cap = 5 * devicePixelRatio;
        ctx.beginPath();
        ctx.moveTo(x, hi);
        ctx.lineTo(x, lo);
        ctx.moveTo(x - cap, hi);
        ctx.lineTo(x + cap, hi);
        ctx.moveTo(x - cap, lo);
        ctx.lineTo(x + cap, lo);
        ctx.stroke();
      });
      ctx.restore();
    };
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height: 240,
      legend: { show: false },
      scales: {
        // three days either side, so that one point alone sits inside the plot with dates around it
        x: { time: true, auto: false, range: [Math.min(...xs) - 3 * DAY, Math.max(...xs) + 3 * DAY] },
        readiness: { range: [READINESS_SCALE.min, READINESS_SCALE.max] },
      },
      axes: [
        // whole days: an exam's time of day says nothing here
        { incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY], values: (_u, ticks) => ticks.map(dayLabel), space: 56 },
        // wide enough for "1500", and named
        { scale: 'readiness', size: 56, label: 'Readiness', labelSize: 20, values: (_u, ticks) => ticks.map((t) => String(t)) },
      ],
      series: [
        {},
        { label: 'Readiness', scale: 'readiness', stroke: SCORE, width: 2, points: { size: 9, fill: SCORE } },
        { label: 'Band, high', scale: 'readiness', stroke: 'transparent', points: { show: false } },
        { label: 'Band, low', scale: 'readiness', stroke: 'transparent', points: { show: false } },
      ],
      // the 95 % band shaded between exams, from its high to its low series
      bands: [{ series: [2, 3], fill: 'rgba(30, 58, 138, 0.12)' }],
      hooks: { draw: [drawStandardAndWhiskers] },
    };
    const plot = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 240 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [exams]);
  return (
    <figure>
      <div
        ref={box}
        data-testid="readiness-chart"
        className="w-full"
        role="img"
        aria-label={`Readiness over ${exams.length} practice exams`}
      />
      <figcaption>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink" aria-label="Legend">
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-[#1e3a8a]" />
            Readiness score (one point per exam)
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-3 w-4 border-x-2 border-[#93a4c8] bg-[rgba(30,58,138,0.12)]" />
            95 % band
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block w-4 border-t-2 border-dashed border-[#8f5600]" />
            Passing standard ({STANDARD_SCORE})
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}
