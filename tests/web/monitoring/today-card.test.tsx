import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TodayCard } from '../../../src/features/monitoring/shared/panels/TodayCard';
import type { Summary } from '../../../contract/monitoring';
import { renderAt } from './render';

const today = {
  pv_kwh: 102.24,
  load_kwh: 141.1,
  charge_kwh: 24.9,
  discharge_kwh: 15.6,
  import_kwh: 50.3,
  export_kwh: 2.1,
  self_consumption_rate: 98,
  autarky_rate: 64.4,
};

describe("today's card (TodayCard)", () => {
  it('shows its words at once and stands in for the figures while the summary is on its way', () => {
    const { container } = renderAt(<TodayCard />);
    const card = container.querySelector('.monitor-today') as HTMLElement;
    expect(within(card).getByText('Today')).toBeTruthy();
    for (const label of ['PV', 'Load', 'Self-consumption today', 'Autarky today']) expect(within(card).getByText(label)).toBeTruthy();
    // No figure yet, not even a 0: a stand-in for each of the six values and the two gauges.
    expect(card.querySelectorAll('.ant-statistic-content-value')).toHaveLength(0);
    expect(card.querySelectorAll('.ant-skeleton')).toHaveLength(8);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("draws the day's figures and rates when the summary has come", () => {
    const { container } = renderAt(<TodayCard summary={{ today } as unknown as Summary} />);
    const card = container.querySelector('.monitor-today') as HTMLElement;
    expect(card.querySelectorAll('.ant-skeleton')).toHaveLength(0);
    expect([...card.querySelectorAll('.ant-statistic-content-value')].map((value) => value.textContent)).toEqual([
      '102.2',
      '141.1',
      '24.9',
      '15.6',
      '50.3',
      '2.1',
    ]);
    expect(within(card).getByText('98%')).toBeTruthy();
    expect(within(card).getByText('64.4%')).toBeTruthy();
  });
});
