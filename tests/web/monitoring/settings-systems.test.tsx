import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import ElecPriceSetting from '../../../src/features/monitoring/settings/ElecPriceSetting';
import SystemSettings from '../../../src/features/monitoring/settings/SystemSettings';
import { envelope } from '../helpers';
import { server } from '../setup';
import { renderAt, signIn } from './render';

const settings = { backupReserveSoc: 10, gridCharge: false, feedInLimitPercent: 100, chargeWindows: [] };
const listRow = (system_id: number, sys_sn: string, sys_name: string) => ({ system_id, sys_sn, sys_name, ...settings });

/** Opens the select of systems and answers the names offered, once there are `count` of them. */
async function offered(count: number) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'System' }));
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(count));
  return [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
}

describe("the customer's system settings (GetCustomUseESSList names the systems, GetCustomUseESSSetting fills the form)", () => {
  it("reads the chosen system's settings by its id, and asks again for that system after a save", async () => {
    signIn(['customer'], 'becker');
    const asked: string[] = [];
    const saved: unknown[] = [];
    server.use(
      http.get('/api/Account/GetCustomUseESSList', () =>
        HttpResponse.json(envelope(200, [listRow(11, 'ESS-1', 'Haus Becker'), listRow(12, 'ESS-2', 'Ferienhaus')])),
      ),
      http.get('/api/Account/GetCustomUseESSSetting', ({ request }) => {
        const id = new URL(request.url).searchParams.get('system_id')!;
        asked.push(id);
        const sn = id === '11' ? 'ESS-1' : 'ESS-2';
        return HttpResponse.json(
          envelope(200, { system_id: Number(id), sys_sn: sn, ...settings, backupReserveSoc: id === '11' ? 30 : 55 }),
        );
      }),
      http.post('/api/Account/CustomUseESSSetting', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(envelope(200, null));
      }),
    );
    renderAt(<SystemSettings />, '/BasicSettings/systemSettings');
    await waitFor(() => expect(screen.getAllByRole('slider')[0]).toHaveAttribute('aria-valuenow', '30'));
    expect(asked).toEqual(['11']);

    expect(await offered(2)).toEqual(['Haus Becker (ESS-1)', 'Ferienhaus (ESS-2)']);
    fireEvent.click(screen.getByTitle('Ferienhaus (ESS-2)'));
    await waitFor(() => expect(screen.getAllByRole('slider')[0]).toHaveAttribute('aria-valuenow', '55'));
    expect(asked).toEqual(['11', '12']);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ sn: 'ESS-2', ...settings, backupReserveSoc: 55 }]));
    await waitFor(() => expect(asked).toEqual(['11', '12', '12']));
  });
});

describe('the electricity prices choose among the own systems (GetCustomMenuESSlist)', () => {
  it('offers all systems and each own one, not those only shared with the customer', async () => {
    signIn(['customer'], 'becker');
    server.use(
      http.get('/api/Account/GetCustomMenuESSlist', () =>
        HttpResponse.json(
          envelope(200, [
            { system_id: 11, sys_sn: 'ESS-1', sys_name: 'Haus Becker', ems_status: 'normal', shared: false },
            { system_id: 40, sys_sn: 'ESS-9', sys_name: 'Nachbarn', ems_status: 'normal', shared: true },
          ]),
        ),
      ),
      http.get('/api/Account/GetElectrovalenceSetting', () =>
        HttpResponse.json(envelope(200, { currency: 'EUR', basePrice: 0.3, feedInPrice: 0.08, periods: [], isDefault: true })),
      ),
    );
    renderAt(<ElecPriceSetting />, '/BasicSettings/elecPriceSetting');
    // One entry until the list has come; the one only shared with the customer (Nachbarn) would make three.
    expect(await offered(2)).toEqual(['All my systems (default)', 'Haus Becker (ESS-1)']);
  });
});
