import type { AreaConfig, ColumnConfig, LineConfig } from '@ant-design/charts';
import { Empty, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useState, type ComponentType, type Ref } from 'react';

/**
 * The chart library (@ant-design/charts with G2 and its renderer, over a megabyte of script) loaded on the
 * first chart drawn, not with the screen: the figures and tables of a dashboard paint first, and each chart
 * card shows a skeleton of the chart's own height until the library has arrived. All charts share one
 * import, so the library is fetched once. Chart cards import Line / Column / Area from here, never from
 * '@ant-design/charts' directly (only its types).
 */
const loadCharts = () => import('./chartLibrary');

function lazyChart<Props extends { height?: number; animate?: unknown }>(
  pick: (charts: Awaited<ReturnType<typeof loadCharts>>) => ComponentType<Props>,
) {
  const Chart = lazy(() => loadCharts().then((charts) => ({ default: pick(charts) })));
  function LazyChart(props: Props) {
    const [near, placeholder] = useNearViewport();
    if (!near) return <ChartSkeleton height={props.height} ref={placeholder} />;
    return (
      <Suspense fallback={<ChartSkeleton height={props.height} />}>
        {/* No entry animation: G2 redraws the whole canvas on every frame of it, long tasks while the page is
            still loading, for an effect nobody reads a figure from. */}
        <Chart animate={false} {...props} />
      </Suspense>
    );
  }
  return LazyChart;
}

/**
 * Whether the element given the ref has come within 200 px of the viewport. A chart further down the page is
 * neither fetched nor drawn until the user scrolls towards it: drawing a chart takes G2 a few hundred
 * milliseconds of main thread, which the charts out of sight would take from the figures and the first chart.
 */
function useNearViewport(): [boolean, (element: HTMLDivElement | null) => void] {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), { rootMargin: '0px 0px 200px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element]);
  return [near, setElement];
}

/** Holds the chart's place (same height, so nothing jumps) and says something is coming. */
export function ChartSkeleton({ height = 240, ref }: { height?: number; ref?: Ref<HTMLDivElement> }) {
  return (
    <div aria-busy="true" data-testid="chart-skeleton" style={{ height, display: 'flex' }} ref={ref}>
      <Skeleton.Node active style={{ width: '100%', height }} rootClassName="chart-skeleton">
        <span />
      </Skeleton.Node>
    </div>
  );
}

/**
 * What a chart card shows in the chart's place when there is nothing to draw: the skeleton while its data is
 * loading, else the empty state, both exactly the chart's height, so the cards below do not jump when the
 * chart arrives (Lighthouse layout shift).
 */
export function ChartPlaceholder({ height, loading, empty }: { height: number; loading: boolean; empty: string }) {
  if (loading) return <ChartSkeleton height={height} />;
  return (
    <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Empty description={empty} />
    </div>
  );
}

export const Line = lazyChart<LineConfig>((charts) => charts.Line);
export const Column = lazyChart<ColumnConfig>((charts) => charts.Column);
export const Area = lazyChart<AreaConfig>((charts) => charts.Area);
