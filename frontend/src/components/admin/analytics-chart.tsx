import { useEffect, useRef } from 'react';
import { formatDate, type AnalyticsGranularity, type AnalyticsSeriesPoint } from '@northbeam/common';

/**
 * The visitors / page views chart of the analytics screen, drawn by uPlot. uPlot and its style
 * sheet are imported here only, inside the effect, so they load with the admin screen and never
 * with a public page (nor on the server).
 */
/** Steps between labelled points, in points: hours stay on round hours, days on whole days. */
const hourSteps = [1, 2, 3, 4, 6, 12, 24];

/**
 * The points that get a label: one per point (each UK day, or each hour) while they fit, else
 * every n-th, so that no day or hour is ever labelled twice and nothing between points is.
 */
export function labelledPoints(x: number[], width: number, granularity: AnalyticsGranularity): number[] {
  const fits = Math.max(1, Math.floor(width / (granularity === 'hour' ? 96 : 64)));
  const needed = Math.ceil(x.length / fits);
  const step = granularity === 'hour' ? (hourSteps.find((hours) => hours >= needed) ?? needed) : needed;
  return x.filter((_value, index) => index % step === 0);
}

export function AnalyticsChart({
  series,
  previous,
  granularity,
  totals,
}: {
  series: AnalyticsSeriesPoint[];
  previous: AnalyticsSeriesPoint[];
  granularity: AnalyticsGranularity;
  /** The period's figures, shown in the legend while no point is under the pointer. */
  totals: { visitors: number; pageViews: number; previousVisitors: number };
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
      const period = x.length > 0 ? `${label(x[0])} – ${label(x[x.length - 1])}` : '';
      // Without a point under the pointer the legend shows the period's figures, not uPlot's "--".
      const figure =
        (total: number) =>
        (_plot: unknown, value: number | null, _series: number, index: number | null): string | number =>
          index === null ? total : (value ?? '');
      chart = new UPlot(
        {
          width: element.clientWidth,
          height,
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: false } },
          axes: [
            {
              splits: (plot) => labelledPoints(x, plot.width, granularity),
              values: (_plot, ticks) => ticks.map((tick) => label(tick).replace(/ \d{4}/, '')),
              stroke: '#5b6472',
              grid: { stroke: '#eef0f3' },
            },
            { stroke: '#5b6472', grid: { stroke: '#eef0f3' } },
          ],
          series: [
            {
              label: granularity === 'hour' ? 'Hour' : 'Day',
              value: (_plot, value, _series, index) =>
                index === null || value === null || value === undefined ? period : label(value),
            },
            {
              label: 'Visitors',
              stroke: '#1d4ed8',
              width: 2,
              fill: 'rgba(29, 78, 216, 0.08)',
              value: figure(totals.visitors),
            },
            { label: 'Page views', stroke: '#0f766e', width: 2, value: figure(totals.pageViews) },
            {
              label: 'Visitors (previous period)',
              stroke: '#94a3b8',
              width: 1.5,
              dash: [6, 4],
              value: figure(totals.previousVisitors),
            },
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
  }, [series, previous, granularity, totals.visitors, totals.pageViews, totals.previousVisitors]);

  return <div ref={container} className="min-h-[300px] w-full min-w-0 overflow-hidden" data-testid="analytics-chart" />;
}
