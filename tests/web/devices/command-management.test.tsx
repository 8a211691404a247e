import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMongoAbility } from '@casl/ability';
import { AbilityProvider } from '@casl/react';
import { describe, expect, it } from 'vitest';
import type { AppAbility } from '../../../permissions/ability';
import CommandManagement from '../../../src/features/devices/CommandManagement';
import { envelope } from '../helpers';
import { renderAt, signIn } from '../monitoring/render';
import { server } from '../setup';
import { commandRow } from './fixtures';

const PATH = '/energyStorageSysMaintenance/commandManagement';

const CHANNEL = { broker: 'embedded', systems: 1204, online: 1187, received: 53_210, dropped: 0, since: '2026-03-01T06:00:00Z' };

function serve(rows = [commandRow()], channel = CHANNEL) {
  const sent: Array<Record<string, unknown>> = [];
  const canceled: unknown[] = [];
  const retried: unknown[] = [];
  server.use(
    http.post('/api/DeviceCommand/GetChannelStatus', () => HttpResponse.json(envelope(200, channel))),
    http.post('/api/DeviceCommand/GetCommandList', () => HttpResponse.json(envelope(200, { dataCount: rows.length, data: rows }))),
    http.post('/api/DeviceCommand/GetSystemControl', () =>
      HttpResponse.json(
        envelope(200, {
          sys_sn: 'ESS-1',
          model: 'ESS-H5 Hybrid',
          time_zone: 'Europe/Berlin',
          online: true,
          state_at: '2026-03-01T08:00:00Z',
          settings: { socWindow: { minSoc: 10, maxSoc: 90 } },
          settings_at: '2026-03-01T08:00:00Z',
          commands: ['exportLimit', 'socWindow', 'feedIn', 'workMode', 'backupReserve', 'chargeSchedule', 'cycleTest', 'reboot'],
          open: [],
          recent: [],
        }),
      ),
    ),
    http.post('/api/ESS/GetSystems', () => HttpResponse.json(envelope(200, { dataCount: 0, data: [] }))),
    http.post('/api/DeviceCommand/SendCommand', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json(envelope(200, commandRow({ id: 9, command: 'socWindow', params: body.params as Record<string, unknown> })));
    }),
    http.post('/api/DeviceCommand/CancelCommand', async ({ request }) => {
      canceled.push(await request.json());
      return HttpResponse.json(envelope(200, commandRow({ state: 'canceled' })));
    }),
    http.post('/api/DeviceCommand/RetryCommand', async ({ request }) => {
      retried.push(await request.json());
      return HttpResponse.json(envelope(200, commandRow({ id: 10 })));
    }),
  );
  return { sent, canceled, retried };
}

async function chooseCommand(label: string) {
  fireEvent.mouseDown(within(screen.getByTestId('send-command')).getByRole('combobox', { name: 'Command' }));
  const option = await screen.findByText(label, { selector: '.ant-select-item-option-content' });
  fireEvent.click(option);
}

describe('commandManagement', { timeout: 60_000 }, () => {
  it('refuses a value out of range, then sends the parameters the catalogue names; a model that lacks a feature cannot pick it', async () => {
    signIn(['servicer'], 'servicer');
    const { sent } = serve([]);
    renderAt(<CommandManagement />, `${PATH}?sn=ESS-1`);
    await screen.findByText('ESS-H5 Hybrid');
    fireEvent.mouseDown(within(screen.getByTestId('send-command')).getByRole('combobox', { name: 'Command' }));
    const lacking = await screen.findByText(/Charge \/ discharge power limits — ESS-H5 Hybrid lacks this feature/);
    expect(lacking.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
    fireEvent.click(await screen.findByText('State-of-charge window', { selector: '.ant-select-item-option-content' }));
    // Prefilled with what the device reported.
    const min = await screen.findByRole('spinbutton', { name: 'Min. state of charge' });
    await waitFor(() => expect(min).toHaveValue('10'));
    const max = screen.getByRole('spinbutton', { name: 'Max. state of charge' });
    fireEvent.change(max, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    expect(await screen.findByText('From 0 to 100 %', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(max, { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(sent).toEqual([{ sn: 'ESS-1', command: 'socWindow', params: { minSoc: 10, maxSoc: 95 } }]));
  });

  it("shows the server's refusal with the parameter it names", async () => {
    signIn(['servicer'], 'servicer');
    serve([]);
    server.use(
      http.post('/api/DeviceCommand/SendCommand', () =>
        HttpResponse.json(envelope(2, null, 'Parameter error: durationMinutes', { data: { field: 'durationMinutes' } })),
      ),
    );
    renderAt(<CommandManagement />, `${PATH}?sn=ESS-1`);
    await screen.findByText('ESS-H5 Hybrid');
    await chooseCommand('Battery cycle test');
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Cycles' }), { target: { value: '3' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Duration per cycle' }), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    expect(
      await screen.findByText('Parameter error: Duration per cycle', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
  });

  it('shows each state as a tag and offers cancel only before delivery, retry only after a failure', async () => {
    signIn(['servicer'], 'servicer');
    const rows = [
      commandRow({ id: 1, state: 'pending' }),
      commandRow({ id: 2, state: 'delivered' }),
      commandRow({ id: 3, state: 'failed', message: 'Value out of the device range', finished_at: '2026-03-01T10:01:00Z' }),
      commandRow({ id: 4, state: 'succeeded', finished_at: '2026-03-01T10:01:00Z' }),
      commandRow({
        id: 5,
        state: 'superseded',
        message: 'replaced by a newer command for the same setting',
        finished_at: '2026-03-01T10:01:00Z',
      }),
    ];
    const { canceled, retried } = serve(rows);
    renderAt(<CommandManagement />, PATH);
    const row = async (state: string) => (await screen.findByText(state, { selector: '.ant-tag' })).closest('tr')!;
    const pending = await row('Pending');
    const delivered = await row('Delivered');
    const failed = await row('Failed');
    const succeeded = await row('Succeeded');
    expect(within(failed).getByText('Value out of the device range')).toBeInTheDocument();
    // The portal's own note on a state it set is read in the user's language, not as the ledger wrote it.
    const superseded = await row('Superseded');
    expect(within(superseded).getByText('Replaced by a newer command for the same setting')).toBeInTheDocument();
    // A command of one parameter shows its value under its name, not the name twice.
    expect(within(pending).getByText('3,000 W')).toBeInTheDocument();
    expect(within(pending).queryByText(/Export limit 3,000/)).toBeNull();
    expect(within(pending).getByRole('button', { name: /Cancel command/ })).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(delivered).queryByRole('button', { name: /Cancel command/ })).toBeNull();
    expect(within(delivered).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(succeeded).queryByRole('button', { name: /Retry/ })).toBeNull();
    fireEvent.click(within(failed).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(retried).toEqual([{ id: 3 }]));
    fireEvent.click(within(pending).getByRole('button', { name: /Cancel command/ }));
    const confirm = (await screen.findByText('Cancel this command? The device will not receive it.')).closest('.ant-popover')!;
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: 'Cancel command' }));
    await waitFor(() => expect(canceled).toEqual([{ id: 1 }]));
  });

  it("says how many systems are connected and what this node's channel received and dropped", async () => {
    signIn(['servicer'], 'servicer');
    serve([commandRow()], { ...CHANNEL, dropped: 1 });
    renderAt(<CommandManagement />, PATH);
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Embedded broker')).toBeInTheDocument();
    expect(within(status).getByText('1,187 of 1,204 systems connected')).toBeInTheDocument();
    expect(within(status).getByText('53,210 messages received')).toBeInTheDocument();
    // A dropped message is what an operator must notice: it is said in the singular and marked.
    const dropped = within(status).getByText('1 message dropped');
    expect(dropped.closest('.ant-typography-danger')).not.toBeNull();
  });

  it('a user who may only read commands sees the list but no send form, and no cancel or retry', async () => {
    // No role of the table reads without sending today; the screen follows the ability, whatever the table grants.
    signIn(['servicer'], 'reader');
    serve([commandRow({ id: 1, state: 'pending' }), commandRow({ id: 3, state: 'failed' })]);
    const readOnly = createMongoAbility<AppAbility>([
      { action: 'access', subject: 'commandManagement' },
      { action: 'read', subject: 'deviceCommand' },
    ]);
    renderAt(
      <AbilityProvider value={readOnly}>
        <CommandManagement />
      </AbilityProvider>,
      `${PATH}?sn=ESS-1`,
    );
    await screen.findByText('Failed', { selector: '.ant-tag' });
    expect(screen.queryByText('Send a command')).toBeNull();
    expect(screen.queryByTestId('send-command')).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel command/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
  });
});
