import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReliabilityBinView } from '@shared/contracts/readiness';

/**
 * The reliability diagram: per decile of the prediction, the mean predicted chance (x) against the observed pass rate
 * (y), for the fitted model and for the engine's own chance, with the diagonal a calibrated model lies on. Imported only
 * lazily (readiness-page.tsx), so uPlot stays out of every other screen's download.
 */
export default function ReliabilityChart({ fitted, naive }: { fitted: ReliabilityBinView[]; naive: ReliabilityBinView[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // one x axis for both series: the union of their bins' mean predictions, each series null where it has no bin
    const xs = [...new Set([0, 1, ...fitted.map((b) => b.meanPredicted), ...naive.map((b) => b.meanPredicted)])].sort((a, b) => a - b);
    const at = (bins: ReliabilityBinView[]) => xs.map((x) => bins.find((b) => b.meanPredicted === x)?.observed ?? null);
    const data: uPlot.AlignedData = [xs, xs.map((x) => (x === 0 || x === 1 ? x : null)), at(fitted), at(naive)];
    const height = Math.min(320, el.clientWidth);
    const pct = (_u: uPlot, ticks: number[]) => ticks.map((t) => `${Math.round(t * 100)} %`);
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height,
      legend: { show: false },
      scales: { x: { time: false, range: [0, 1] }, y: { range: [0, 1] } },
      axes: [
        { values: pct, label: 'Predicted chance' },
        { values: pct, label: 'Passed the NREMT' },
      ],
      series: [
        {},
        { label: 'Calibrated', stroke: '#94a3b8', width: 1, dash: [4, 4], points: { show: false }, spanGaps: true },
        { label: 'Fitted model', stroke: '#1e3a8a', width: 2, points: { show: true, size: 8, fill: '#1e3a8a' }, spanGaps: true },
        {
          label: 'Engine chance',
          stroke: '#c41f35',
          width: 2,
          dash: [6, 4],
          points: { show: true, size: 7, fill: '#c41f35' },
          spanGaps: true,
        },
      ],
    };
    const plot = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: Math.min(320, el.clientWidth) }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [fitted, naive]);
  return (
    <figure>
      <div
        ref={box}
        data-testid="reliability-chart"
        className="w-full"
        role="img"
        aria-label="Reliability diagram: predicted chance of passing against the observed pass rate, by decile"
      />
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-5 bg-[#1e3a8a]" aria-hidden="true" /> Fitted model
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block w-5 border-t-2 border-dashed border-[#c41f35]" aria-hidden="true" /> Engine chance
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block w-5 border-t border-dashed border-[#94a3b8]" aria-hidden="true" /> Calibrated (predicted = passed)
        </span>
      </figcaption>
    </figure>
  );
}
