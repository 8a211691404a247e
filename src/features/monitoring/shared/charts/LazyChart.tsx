import type { AreaConfig, ColumnConfig, LineConfig } from '@ant-design/charts';
import { Empty, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useState, type ComponentType, type Ref } from 'react';
import { nextTask } from '../../../../ui/afterPaint';
import { useNearViewport } from '../../../../ui/useNearViewport';

/**
 * The chart library (@ant-design/charts with G2 and its renderer, over a megabyte of script) loaded on the
 * first chart drawn, not with the screen: the figures and tables of a dashboard paint first, and each chart
 * card shows a skeleton of the chart's own height until the library has arrived. All charts share one
 * import, so the library is fetched once. Chart cards import Line / Column / Area from here, never from
 * '@ant-design/charts' directly (only its types).
 */
const loadCharts = () => import('./chartLibrary');

function lazyChart<Props extends { height?: number; animate?: unknown; onReady?: (chart: never) => void }>(
  pick: (charts: Awaited<ReturnType<typeof loadCharts>>) => ComponentType<Props>,
) {
  const Chart = lazy(() => loadCharts().then((charts) => ({ default: pick(charts) })));
  function LazyChart(props: Props) {
    // A chart out of sight is neither fetched nor drawn until it enters the viewport: drawing takes G2 about 300 ms
    // of main thread on a two-core machine, whatever the chart. Drawn 200 px ahead, the chart just below the fold
    // of the customer dashboard was drawn while the page loaded, its longest task. Its skeleton
    // holds its place until then. (Cards of tables still render 400 px ahead: what they render is cheap.)
    const [near, placeholder] = useNearViewport(0);
    const [turn, endTurn] = useDrawingTurn(near);
    if (!near || !turn) return <ChartSkeleton height={props.height} ref={placeholder} />;
    return (
      // The chart's height is held while G2 draws: its container is empty until the canvas is added, and the
      // cards below would move up and back down (Lighthouse layout shift).
      <div style={{ minHeight: props.height }}>
        <Suspense fallback={<ChartSkeleton height={props.height} />}>
          {/* No entry animation: G2 redraws the whole canvas on every frame of it, long tasks while the page is
              still loading, for an effect nobody reads a figure from. */}
          <Chart
            animate={false}
            {...props}
            onReady={(chart: unknown) => {
              endTurn();
              (props.onReady as ((chart: unknown) => void) | undefined)?.(chart);
            }}
          />
        </Suspense>
      </div>
    );
  }
  return LazyChart;
}

/** Settles when the chart drawing last has started its drawing: the next one starts in a task after it. */
let lastTurn: Promise<unknown> = Promise.resolve();

/**
 * Whether this chart may draw yet, and the call that ends its turn (G2 has started drawing it, or it left the
 * page). Charts that come into view together draw one after the other, each in its own task: drawn in one,
 * their few hundred milliseconds of G2 would block input as one long task.
 */
function useDrawingTurn(wanted: boolean): [boolean, () => void] {
  const [turn, setTurn] = useState(false);
  const [end] = useState(() => {
    let resolve = () => {};
    const ended = new Promise<void>((r) => (resolve = r));
    return { ended, resolve };
  });
  useEffect(() => {
    if (!wanted || turn) return;
    let active = true;
    // The library first: charts given their turns before it arrived would all be drawn in the task it arrives
    // in. A failed download still gives the turn: the chart's own import then fails and says so.
    const previous = lastTurn;
    lastTurn = previous
      .then(loadCharts)
      .catch(() => undefined)
      .then(nextTask)
      .then(() => {
        if (active) setTurn(true);
        else end.resolve();
        return end.ended;
      });
    return () => {
      active = false;
    };
  }, [wanted, turn, end]);
  // A chart leaving the page gives up its turn.
  useEffect(() => end.resolve, [end]);
  return [turn, end.resolve];
}

/** Holds the chart's place (same height, so nothing jumps) and says something is coming. */
export function ChartSkeleton({ height = 240, ref }: { height?: number; ref?: Ref<HTMLDivElement> }) {
  return (
    <div aria-busy="true" data-testid="chart-skeleton" style={{ height }} ref={ref}>
      {/* `block`: the card's whole width (Skeleton.Node's shrink-to-fit wrapper left it 0 px wide: a blank card). */}
      <Skeleton.Input active block style={{ height }} />
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
