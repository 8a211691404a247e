import { screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { SnapshotCard } from '../../../src/features/complaints/SnapshotCard';
import { wholeHourTicks } from '../../../src/features/monitoring/shared/charts/hourTicks';
import { SERIES_COLORS } from '../../../src/features/monitoring/shared/charts/series';
import type { SystemSnapshot } from '../../../contract/complaint-snapshot';
import { renderAt, signIn } from './render';

interface AxisX {
  tickMethod: () => number[];
  labelFormatter: (at: number) => string;
}

/** The chart stands in as what it was given: its colours and its x axis's ticks and their labels. */
vi.mock('../../../src/features/monitoring/shared/charts/chartLibrary', () => {
  const Chart = (props: { scale: { color: { domain: string[]; range: string[] } }; axis: { x: AxisX } }) => (
    <div data-testid="chart">
      <span data-testid="colours">{props.scale.color.domain.map((name, i) => `${name}=${props.scale.color.range[i]}`).join(',')}</span>
      <span data-testid="ticks">{JSON.stringify(props.axis.x.tickMethod())}</span>
      <span data-testid="labels">{props.axis.x.tickMethod().map(props.axis.x.labelFormatter).join(' | ')}</span>
    </div>
  );
  return { Line: Chart, Column: Chart, Area: Chart };
});

// Filed at 2:03 PM: the 15-minute means of the 24 h before fall at odd minutes.
const filed = new Date(2026, 2, 1, 14, 3);
const snapshot: SystemSnapshot = {
  system_id: 1,
  sys_sn: 'ESS-1',
  sys_name: 'Haus Becker',
  model: 'H10',
  battery_model: 'B10',
  ems_status: 'normal',
  last_seen_at: filed.toISOString(),
  components: [],
  faults: [],
  power: Array.from({ length: 96 }, (_, i) => ({
    ts: new Date(filed.getTime() - (96 - i) * 15 * 60_000).toISOString(),
    pv_w: 2000,
    load_w: 800,
    battery_w: 0,
    grid_w: 0,
    soc: 60,
  })),
  taken_at: filed.toISOString(),
};

it("'The 24 hours before' draws PV and load in the monitoring charts' colours, with ticks on whole hours", async () => {
  signIn(['servicer']);
  renderAt(<SnapshotCard snapshot={snapshot} padding={{ body: { padding: 16 } }} />);
  const card = screen.getByTestId('complaint-snapshot');
  expect((await within(card).findByTestId('colours')).textContent).toBe(`PV=${SERIES_COLORS.pv},Load=${SERIES_COLORS.load}`);
  const ticks = JSON.parse(within(card).getByTestId('ticks').textContent!) as number[];
  expect(ticks.length).toBeGreaterThanOrEqual(7);
  for (const tick of ticks) {
    const at = new Date(tick);
    expect([at.getMinutes(), at.getHours() % 3]).toEqual([0, 0]);
  }
  expect(within(card).getByTestId('labels').textContent).toMatch(/^3:00 PM \| 6:00 PM \| 9:00 PM \| 12:00 AM \| 3:00 AM/);
  // The page's legend names both series.
  expect(within(card).getByRole('button', { name: 'PV' })).toBeInTheDocument();
});

it('whole-hour ticks start at the first whole hour in the span and step by the hours asked', () => {
  const from = new Date(2026, 2, 1, 14, 3).getTime();
  const to = new Date(2026, 2, 2, 14, 3).getTime();
  expect(wholeHourTicks(from, to).map((tick) => new Date(tick).getHours())).toEqual([15, 18, 21, 0, 3, 6, 9, 12]);
  expect(wholeHourTicks(from, to, 6).map((tick) => new Date(tick).getHours())).toEqual([18, 0, 6, 12]);
  // A span starting on a tick keeps it.
  const onTick = new Date(2026, 2, 1, 15, 0).getTime();
  expect(wholeHourTicks(onTick, onTick + 3_600_000)[0]).toBe(onTick);
});
