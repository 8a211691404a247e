import type { AreaConfig, ColumnConfig, LineConfig } from '@ant-design/charts';
import { Skeleton } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * The chart library (@ant-design/charts with G2 and its renderer, over a megabyte of script) loaded on the
 * first chart drawn, not with the screen: the figures and tables of a dashboard paint first, and each chart
 * card shows a skeleton of the chart's own height until the library has arrived. All charts share one
 * import, so the library is fetched once. Chart cards import Line / Column / Area from here, never from
 * '@ant-design/charts' directly (only its types).
 */
const loadCharts = () => import('./chartLibrary');

function lazyChart<Props extends { height?: number }>(pick: (charts: Awaited<ReturnType<typeof loadCharts>>) => ComponentType<Props>) {
  const Chart = lazy(() => loadCharts().then((charts) => ({ default: pick(charts) })));
  function LazyChart(props: Props) {
    return (
      <Suspense fallback={<ChartSkeleton height={props.height} />}>
        <Chart {...props} />
      </Suspense>
    );
  }
  return LazyChart;
}

/** Holds the chart's place (same height, so nothing jumps) and says something is coming. */
export function ChartSkeleton({ height = 240 }: { height?: number }) {
  return (
    <div aria-busy="true" data-testid="chart-skeleton" style={{ height, display: 'flex' }}>
      <Skeleton.Node active style={{ width: '100%', height }} rootClassName="chart-skeleton">
        <span />
      </Skeleton.Node>
    </div>
  );
}

export const Line = lazyChart<LineConfig>((charts) => charts.Line);
export const Column = lazyChart<ColumnConfig>((charts) => charts.Column);
export const Area = lazyChart<AreaConfig>((charts) => charts.Area);
