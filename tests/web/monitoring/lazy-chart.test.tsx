import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, it, vi } from 'vitest';
import { DayCurveCard } from '../../../src/features/monitoring/shared/charts/DayCurveCard';
import { Column } from '../../../src/features/monitoring/shared/charts/LazyChart';
import { envelope } from '../helpers';
import { server } from '../setup';
import { renderAt, signIn } from './render';

/**
 * The chart library is loaded after the figures, on the first chart drawn; until it has
 * arrived the card shows a skeleton in the chart's place, never a blank card. The library stands in as a
 * module that arrives when the test lets it (a slow line).
 */
const library = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  /** While true, a drawn chart does not report that G2 has started drawing it; its `onReady`s wait here. */
  const held = { on: false, onReady: [] as Array<() => void> };
  return { arrive, arrived, held };
});
vi.mock('../../../src/features/monitoring/shared/charts/chartLibrary', async () => {
  const { useEffect } = await import('react');
  await library.arrived;
  const Chart = ({ data, onReady }: { data: unknown[]; onReady?: (chart: unknown) => void }) => {
    useEffect(() => {
      if (library.held.on) library.held.onReady.push(() => onReady?.({}));
      else onReady?.({});
    }, [onReady]);
    return <div data-testid="chart">{data.length} points</div>;
  };
  return { Line: Chart, Column: Chart, Area: Chart };
});

it('shows a skeleton of the chart until the chart library has arrived, then the chart', async () => {
  server.use(
    http.post('/api/Power/SticsByDay', () =>
      HttpResponse.json(
        envelope(200, {
          sn: 'ESS-A',
          date: '2026-03-01',
          time_zone: 'Europe/Berlin',
          points: [{ time: '12:00', pv_w: 3000, load_w: 800, battery_w: 1200, grid_w: -1000 }],
        }),
      ),
    ),
  );
  signIn(['customer']);
  renderAt(<DayCurveCard sn="ESS-A" today="2026-03-01" />);

  const skeleton = await screen.findByTestId('chart-skeleton');
  expect(skeleton).toHaveAttribute('aria-busy', 'true');
  expect(skeleton.style.height).toBe('300px');
  expect(screen.queryByTestId('chart')).toBeNull();

  library.arrive();
  expect(await screen.findByTestId('chart')).toHaveTextContent('4 points');
  await waitFor(() => expect(screen.queryByTestId('chart-skeleton')).toBeNull());
});

it('draws charts on one screen one after the other: the next starts once G2 has started the one before', async () => {
  library.arrive();
  library.held.on = true;
  renderAt(
    <>
      <Column data={[1]} height={100} />
      <Column data={[1, 2]} height={100} />
    </>,
  );
  expect(await screen.findByText('1 points')).toBeInTheDocument();
  // The first has not said it is drawing: the second keeps its skeleton, however long that takes.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText('2 points')).toBeNull();
  expect(screen.getAllByTestId('chart-skeleton')).toHaveLength(1);

  library.held.onReady.shift()!();
  expect(await screen.findByText('2 points')).toBeInTheDocument();
  library.held.on = false;
});
