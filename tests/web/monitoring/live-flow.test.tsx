import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_SAMPLE_MS } from '../../../src/features/monitoring/shared/flow/useLiveFlow';
import { MonitoringView } from '../../../src/features/monitoring/shared/view/MonitoringView';
import type { SystemSummary } from '../../../contract/monitoring';
import { envelope } from '../helpers';
import { server } from '../setup';
import { renderAt, signIn } from './render';

const system = { sys_sn: 'ESS-1', sys_name: 'Haus Becker', ems_status: 'normal', popv: 9.8, poinv: 8, cobat: 10 } as SystemSummary;

/** Answers GetSecondDataBySn with a sample whose PV grows by 1 kW per call; the summary never comes. */
function answerSamples() {
  const asked: string[] = [];
  server.use(
    http.get('/api/ESS/GetSecondDataBySn', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('sn')!);
      const sample = { sn: 'ESS-1', ems_status: 'normal', ts: new Date().toISOString(), pv_w: asked.length * 1000 };
      return HttpResponse.json(envelope(200, { ...sample, load_w: 500, battery_w: 0, grid_w: 0, soc: 50, online: true }));
    }),
    http.post('/api/ESS/SticsSummeryDataForUser', () => new Promise<never>(() => {})),
  );
  return asked;
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe("the system's live power flow (GetSecondDataBySn)", () => {
  it('asks for the newest sample every few seconds while the page is visible, and draws it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['servicer']);
    const asked = answerSamples();
    renderAt(<MonitoringView system={system} forCustomer={false} faultSns={['ESS-1']} canEdit={false} cards={['flow']} />);
    await screen.findByText('1.00 kW');
    await wait(LIVE_SAMPLE_MS + 100);
    await screen.findByText('2.00 kW');
    await wait(LIVE_SAMPLE_MS);
    await screen.findByText('3.00 kW');
    expect(asked).toEqual(['ESS-1', 'ESS-1', 'ESS-1']);
  }, 30_000);

  it('stops while the page is hidden, asks at once when it is shown again, and stops when the view is gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['servicer']);
    const asked = answerSamples();
    const view = renderAt(<MonitoringView system={system} forCustomer={false} faultSns={['ESS-1']} canEdit={false} cards={['flow']} />);
    await screen.findByText('1.00 kW');
    act(() => setVisibility('hidden'));
    await wait(5 * LIVE_SAMPLE_MS);
    expect(asked).toHaveLength(1);

    act(() => setVisibility('visible'));
    await screen.findByText('2.00 kW');
    expect(asked).toHaveLength(2);

    view.unmount();
    await wait(5 * LIVE_SAMPLE_MS);
    expect(asked).toHaveLength(2);
  }, 30_000);

  it("asks nothing for 'All' (no sample of its own: the summary's flow is drawn)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['customer']);
    const asked = answerSamples();
    server.use(http.post('/api/ESS/SticsSummeryDataForCustomer', () => new Promise<never>(() => {})));
    const all = { ...system, sys_sn: 'All' } as SystemSummary;
    renderAt(<MonitoringView system={all} forCustomer faultSns={['ESS-1']} canEdit={false} cards={['flow']} />);
    await wait(3 * LIVE_SAMPLE_MS);
    expect(asked).toEqual([]);
  }, 30_000);
});
