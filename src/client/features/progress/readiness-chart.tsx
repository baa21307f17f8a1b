import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ProgressResponse } from '@shared/contracts/progress';

/**
 * Readiness (100–1500) per ended exam with its 95 % band shaded, and the standard at 950, drawn with uPlot. This
 * module is only ever imported lazily (progress-page.tsx), so uPlot stays out of every other screen's download.
 */
export default function ReadinessChart({ exams }: { exams: ProgressResponse['exams'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = exams.map((e) => Date.parse(e.endedAt) / 1000);
    // one point alone: give the time axis some width around it
    const data: uPlot.AlignedData = [
      xs,
      exams.map((e) => e.readiness.score),
      exams.map((e) => e.readiness.high),
      exams.map((e) => e.readiness.low),
      exams.map(() => 950),
    ];
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height: 240,
      legend: { show: false },
      scales: {
        // a day either side, so that one point alone sits inside the plot
        x: { time: true, auto: false, range: [Math.min(...xs) - 86_400, Math.max(...xs) + 86_400] },
        readiness: { range: [100, 1500] },
      },
      axes: [{}, { scale: 'readiness', values: (_u, ticks) => ticks.map((t) => String(t)) }],
      series: [
        {},
        { label: 'Readiness', scale: 'readiness', stroke: '#1e3a8a', width: 2, points: { size: 8, fill: '#1e3a8a' } },
        // the band's ends as small marks too, so that a single exam (no area to shade yet) shows its band
        { label: 'Band, high', scale: 'readiness', stroke: '#93a4c8', width: 1, points: { show: true, size: 5, fill: '#93a4c8' } },
        { label: 'Band, low', scale: 'readiness', stroke: '#93a4c8', width: 1, points: { show: true, size: 5, fill: '#93a4c8' } },
        { label: 'Passing standard', scale: 'readiness', stroke: '#8f5600', width: 1, dash: [6, 4], points: { show: false } },
      ],
      // the 95 % band between its high and low series
      bands: [{ series: [2, 3], fill: 'rgba(30, 58, 138, 0.12)' }],
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
    <div
      ref={box}
      data-testid="readiness-chart"
      className="w-full"
      role="img"
      aria-label={`Readiness over ${exams.length} practice exams`}
    />
  );
}
