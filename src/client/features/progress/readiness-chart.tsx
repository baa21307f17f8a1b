import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ProgressResponse } from '@shared/contracts/progress';

/**
 * Readiness (100–1500, left axis) and chance of passing (%, right axis) per ended exam, drawn with uPlot. This
 * module is only ever imported lazily (progress-page.tsx), so uPlot stays out of every other screen's download.
 */
export default function ReadinessChart({ exams }: { exams: ProgressResponse['exams'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = exams.map((e) => Date.parse(e.endedAt) / 1000);
    // one point alone: give the time axis some width around it
    const data: uPlot.AlignedData = [xs, exams.map((e) => e.readiness), exams.map((e) => e.chance)];
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height: 240,
      legend: { show: false },
      scales: {
        // a day either side, so that one point alone sits inside the plot
        x: { time: true, auto: false, range: [Math.min(...xs) - 86_400, Math.max(...xs) + 86_400] },
        readiness: { range: [100, 1500] },
        chance: { range: [0, 100] },
      },
      axes: [
        {},
        { scale: 'readiness', values: (_u, ticks) => ticks.map((t) => String(t)) },
        { scale: 'chance', side: 1, grid: { show: false }, values: (_u, ticks) => ticks.map((t) => `${t} %`) },
      ],
      series: [
        {},
        { label: 'Readiness', scale: 'readiness', stroke: '#1e3a8a', width: 2, points: { size: 8, fill: '#1e3a8a' } },
        { label: 'Chance of passing', scale: 'chance', stroke: '#16a34a', width: 2, dash: [6, 4], points: { size: 7, fill: '#16a34a' } },
      ],
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
