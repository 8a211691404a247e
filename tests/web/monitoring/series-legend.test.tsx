import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, it, vi } from 'vitest';
import { DayCurveCard } from '../../../src/features/monitoring/shared/charts/DayCurveCard';
import { envelope } from '../helpers';
import { server } from '../setup';
import { renderAt, signIn } from './render';

/**
 * The power curve's legend is the page's, not G2's (G2's took 60-80 ms of the chart's first
 * draw). It shows and hides series as G2's did, the colours stay with their series, and the last series shown stays.
 * The chart stands in as what it was given: its series, its colour domain and its legend option.
 */
vi.mock('../../../src/features/monitoring/shared/charts/chartLibrary', () => {
  const Chart = (props: { data: Array<{ series: string }>; legend: unknown; scale: { color: { domain: string[]; range: string[] } } }) => (
    <div data-testid="chart" data-legend={JSON.stringify(props.legend)}>
      <span data-testid="drawn">{[...new Set(props.data.map((row) => row.series))].join(',')}</span>
      <span data-testid="colours">{props.scale.color.domain.map((name, i) => `${name}=${props.scale.color.range[i]}`).join(',')}</span>
    </div>
  );
  return { Line: Chart, Column: Chart, Area: Chart };
});

const point = (time: string) => ({ time, pv_w: 3000, load_w: 800, battery_w: 1200, grid_w: -1000 });

it("shows and hides the power curve's series from the page's legend; the last one shown stays", async () => {
  server.use(
    http.post('/api/Power/SticsByDay', () =>
      HttpResponse.json(
        envelope(200, { sn: 'ESS-A', date: '2026-03-01', time_zone: 'Europe/Berlin', points: [point('12:00'), point('12:05')] }),
      ),
    ),
  );
  signIn(['customer']);
  renderAt(<DayCurveCard sn="ESS-A" today="2026-03-01" />);

  const legend = await screen.findByRole('group', { name: 'Series shown in the chart' });
  const entry = (name: string) => within(legend).getByRole('button', { name });
  expect(
    within(legend)
      .getAllByRole('button')
      .map((button) => [button.textContent, button.getAttribute('aria-pressed')]),
  ).toEqual([
    ['PV', 'true'],
    ['Load', 'true'],
    ['Battery', 'true'],
    ['Grid', 'true'],
  ]);
  const chart = await screen.findByTestId('chart');
  // G2 draws no legend of its own; every series is drawn, the grid first (under the load at night).
  expect(chart.dataset.legend).toBe('false');
  expect(screen.getByTestId('drawn')).toHaveTextContent('Grid,Battery,PV,Load');
  const colours = screen.getByTestId('colours').textContent;
  expect(colours).toBe('PV=#f5a623,Load=#0f9f6e,Battery=#18b4a6,Grid=#5b8def');

  fireEvent.click(entry('Grid'));
  expect(entry('Grid')).toHaveAttribute('aria-pressed', 'false');
  await waitFor(() => expect(screen.getByTestId('drawn')).toHaveTextContent(/^Battery,PV,Load$/));
  // A hidden series keeps its place in the colour scale: the others keep their colours.
  expect(screen.getByTestId('colours').textContent).toBe(colours);

  fireEvent.click(entry('Battery'));
  fireEvent.click(entry('Load'));
  await waitFor(() => expect(screen.getByTestId('drawn')).toHaveTextContent(/^PV$/));
  expect(entry('PV')).toBeDisabled();

  fireEvent.click(entry('Grid'));
  await waitFor(() => expect(screen.getByTestId('drawn')).toHaveTextContent(/^Grid,PV$/));
  expect(entry('PV')).toBeEnabled();
});
