import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import ElecPriceSetting from '../../../src/features/monitoring/settings/ElecPriceSetting';
import type { SystemSettings as SystemSettingsAnswer } from '../../../contract/monitoring';
import SystemSettings from '../../../src/features/monitoring/settings/SystemSettings';
import { envelope } from '../helpers';
import { server } from '../setup';
import { renderAt, signIn } from './render';

const settings = { backupReserveSoc: 10, gridCharge: false, feedInLimitPercent: 100, chargeWindows: [], workMode: 'selfConsumption' };
/** What GetCustomUseESSSetting answers besides the settings: the system's zone, the installer's choice, the device's side. */
const answerOf = (
  system_id: number,
  sys_sn: string,
  device: Partial<SystemSettingsAnswer['device']> = {},
  more: Partial<SystemSettingsAnswer> = {},
) => ({
  system_id,
  sys_sn,
  ...settings,
  time_zone: 'Asia/Tokyo',
  export_limit_editable: true,
  device: { online: true, state_at: '2026-05-04T01:00:00.000Z', settings: [], ...device },
  ...more,
});
const listRow = (system_id: number, sys_sn: string, sys_name: string) => ({ ...answerOf(system_id, sys_sn), sys_name });

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
        return HttpResponse.json(envelope(200, answerOf(Number(id), sn, {}, { backupReserveSoc: id === '11' ? 30 : 55 })));
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

/** Answers one system whose GetCustomUseESSSetting answers `answers` in turn (the last one again); records the saves. */
function oneSystem(answers: ReturnType<typeof answerOf>[], saveAnswer: ReturnType<typeof envelope> = envelope(200, null)) {
  const asked: string[] = [];
  const saved: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/Account/GetCustomUseESSList', () => HttpResponse.json(envelope(200, [{ ...answers[0]!, sys_name: 'Haus Becker' }]))),
    http.get('/api/Account/GetCustomUseESSSetting', () => {
      asked.push('ESS-1');
      return HttpResponse.json(envelope(200, answers[Math.min(asked.length, answers.length) - 1]));
    }),
    http.post('/api/Account/CustomUseESSSetting', async ({ request }) => {
      saved.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(saveAnswer);
    }),
  );
  return { asked, saved };
}

/** The status line under a setting's field, found by the field's label. */
const statusOf = (label: string) => {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item')!;
  return item.querySelector('.setting-on-device')?.textContent?.trim();
};

describe('whether the device has each saved setting (the latest command the portal sent for it)', () => {
  it('says applied (in the system time zone), sent, refused with the device words, or not confirmed', async () => {
    signIn(['customer'], 'becker');
    oneSystem([
      answerOf(11, 'ESS-1', {
        online: true,
        settings: [
          // 03:15 UTC is 12:15 in Tokyo, the system's zone.
          { command: 'workMode', state: 'succeeded', at: '2026-05-04T03:15:00.000Z', message: null },
          { command: 'backupReserve', state: 'rejected', at: '2026-05-04T03:16:00.000Z', message: 'reserve above the SoC window' },
          { command: 'exportLimit', state: 'timed_out', at: '2026-05-04T03:17:00.000Z', message: null },
          { command: 'chargeSchedule', state: 'delivered', at: '2026-05-04T03:18:00.000Z', message: null },
        ],
      }),
    ]);
    renderAt(<SystemSettings />, '/BasicSettings/systemSettings');
    await screen.findByText(/Applied on the device/);
    expect(statusOf('Work mode')).toMatch(/^Applied on the device at May 4, 2026, 12:15\sPM$/);
    expect(statusOf('Backup reserve')).toBe('The device refused: reserve above the SoC window');
    expect(statusOf('Feed-in limit')).toBe('Not confirmed by the device. Save again to send it once more.');
    expect(statusOf('Charge from the grid')).toBe('Sent to the device…');
  });

  it('waits for an offline device since when it went offline, asks again every few seconds, and stops once answered', async () => {
    signIn(['customer'], 'becker');
    const waiting = answerOf(11, 'ESS-1', {
      online: false,
      state_at: '2026-05-03T22:30:00.000Z',
      settings: [
        { command: 'backupReserve', state: 'pending', at: '2026-05-04T03:16:00.000Z', message: null },
        { command: 'exportLimit', state: 'failed', at: '2026-05-04T02:00:00.000Z', message: null },
        { command: 'workMode', state: 'superseded', at: '2026-05-04T02:00:00.000Z', message: 'replaced by a newer command' },
      ],
    });
    const applied = answerOf(11, 'ESS-1', {
      online: true,
      state_at: '2026-05-04T03:20:00.000Z',
      settings: [
        { command: 'backupReserve', state: 'succeeded', at: '2026-05-04T03:21:00.000Z', message: null },
        { command: 'exportLimit', state: 'failed', at: '2026-05-04T02:00:00.000Z', message: null },
      ],
    });
    const { asked } = oneSystem([waiting, applied]);
    renderAt(<SystemSettings />, '/BasicSettings/systemSettings');
    await screen.findByText(/Waiting for the device/);
    expect(statusOf('Backup reserve')).toMatch(/^Waiting for the device \(offline since May 4, 2026, 7:30\sAM\)$/);
    expect(statusOf('Feed-in limit')).toBe('The device refused this setting');
    expect(statusOf('Work mode')).toBe('Your service team has since sent another value for this setting');
    expect(statusOf('Charge from the grid')).toBeUndefined();

    await waitFor(() => expect(statusOf('Backup reserve')).toMatch(/^Applied on the device at May 4, 2026, 12:21\sPM$/), { timeout: 6000 });
    const answered = asked.length;
    expect(answered).toBe(2);
    // Nothing is open any more (a failed setting waits for nothing): the screen stops asking.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(asked).toHaveLength(answered);
  }, 15000);

  it('sends the chosen work mode with the save, and explains each mode', async () => {
    signIn(['customer'], 'becker');
    const { saved } = oneSystem([answerOf(11, 'ESS-1')]);
    renderAt(<SystemSettings />, '/BasicSettings/systemSettings');
    await screen.findByText('Uses solar power in the home first and stores the surplus in the battery.');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Work mode' }));
    const backup = await waitFor(() => {
      const option = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent?.startsWith('Backup'));
      expect(option).toBeDefined();
      return option as HTMLElement;
    });
    expect(within(backup).getByText('Keeps the battery full for a power cut.')).toBeInTheDocument();
    fireEvent.click(backup);
    // The chosen mode's explanation follows it under the field.
    expect(await screen.findAllByText('Keeps the battery full for a power cut.')).not.toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ sn: 'ESS-1', ...settings, workMode: 'backup' }]));
  });

  it('shows the export limit read-only when the installer keeps it, and keeps the saved limit in the save', async () => {
    signIn(['customer'], 'becker');
    const { saved } = oneSystem([answerOf(11, 'ESS-1', {}, { export_limit_editable: false, feedInLimitPercent: 60 })]);
    renderAt(<SystemSettings />, '/BasicSettings/systemSettings');
    expect(await screen.findByText('Your installer manages the export limit of this system.')).toBeInTheDocument();
    const [reserve, limit] = screen.getAllByRole('slider');
    expect(limit).toHaveAttribute('aria-disabled', 'true');
    expect(limit).toHaveAttribute('aria-valuenow', '60');
    expect(reserve).not.toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ sn: 'ESS-1', ...settings, feedInLimitPercent: 60 }]));
  });

  it('shows on the export limit field a refusal that names it (the installer took the limit over meanwhile)', async () => {
    signIn(['customer'], 'becker');
    oneSystem(
      [answerOf(11, 'ESS-1')],
      envelope(45, { field: 'feedInLimitPercent' }, 'No permission: the installer keeps the export limit'),
    );
    renderAt(<SystemSettings />, '/BasicSettings/systemSettings');
    await screen.findByText('Largest export as a share of the PV rating');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const item = screen.getByText('Feed-in limit', { selector: 'label' }).closest('.ant-form-item')!;
    await waitFor(() =>
      expect(item.querySelector('.ant-form-item-explain-error')?.textContent).toBe(
        'Your installer manages the export limit of this system; it cannot be changed here.',
      ),
    );
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
