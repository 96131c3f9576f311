import { useEffect, useRef } from 'react';
import { formatDate, type AnalyticsGranularity, type AnalyticsSeriesPoint } from '@northbeam/common';

/**
 * The visitors / page views chart of the analytics screen, drawn by uPlot. uPlot and its style
 * sheet are imported here only, inside the effect, so they load with the admin screen and never
 * with a public page (nor on the server).
 */
export function AnalyticsChart({
  series,
  previous,
  granularity,
}: {
  series: AnalyticsSeriesPoint[];
  previous: AnalyticsSeriesPoint[];
  granularity: AnalyticsGranularity;
}) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let observer: ResizeObserver | undefined;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (disposed) return;
      const height = 260;
      const x = series.map((point) => Date.parse(point.at) / 1000);
      const label = (seconds: number) =>
        formatDate(new Date(seconds * 1000), granularity === 'hour' ? 'd MMM yyyy, HH:mm' : 'd MMM yyyy');
      chart = new UPlot(
        {
          width: element.clientWidth,
          height,
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: false } },
          axes: [
            {
              values: (_plot, ticks) => ticks.map((tick) => label(tick).replace(/ \d{4}/, '')),
              stroke: '#5b6472',
              grid: { stroke: '#eef0f3' },
            },
            { stroke: '#5b6472', grid: { stroke: '#eef0f3' } },
          ],
          series: [
            {
              label: granularity === 'hour' ? 'Hour' : 'Day',
              value: (_plot, value) => (value === null || value === undefined ? '' : label(value)),
            },
            { label: 'Visitors', stroke: '#1d4ed8', width: 2, fill: 'rgba(29, 78, 216, 0.08)' },
            { label: 'Page views', stroke: '#0f766e', width: 2 },
            { label: 'Visitors (previous period)', stroke: '#94a3b8', width: 1.5, dash: [6, 4] },
          ],
        },
        [
          x,
          series.map((point) => point.visitors),
          series.map((point) => point.pageViews),
          x.map((_value, index) => previous[index]?.visitors ?? null),
        ],
        element,
      );
      observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height }));
      observer.observe(element);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [series, previous, granularity]);

  return <div ref={container} className="min-h-[300px] w-full min-w-0 overflow-hidden" data-testid="analytics-chart" />;
}
