import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { BatchForm, splitSns } from '../../../src/features/devices/BatchForm';
import { envelope } from '../helpers';
import { renderAt, signIn } from '../monitoring/render';
import { server } from '../setup';

const preview = {
  total: 5,
  online: 3,
  offline: 2,
  refused: 1,
  refused_models: [{ model: 'ESS-H5 Hybrid', count: 1 }],
  unknown_sns: ['NOPE-1'],
  unknown_count: 1,
  sample: [],
};

describe('a new batch', { timeout: 60_000 }, () => {
  it('reads S/Ns split on new lines, commas and spaces, each once', () => {
    expect(splitSns('ESS-1\nESS-2, ESS-3;ESS-1  ESS-4\r\n')).toEqual(['ESS-1', 'ESS-2', 'ESS-3', 'ESS-4']);
  });

  it('previews the pasted list (counts, refused models, unknown S/Ns) before it can be sent, then sends that choice', async () => {
    signIn(['servicer'], 'servicer');
    const previews: unknown[] = [];
    const created: unknown[] = [];
    server.use(
      http.post('/api/InfoDistribution/GetAudienceOptions', () => HttpResponse.json(envelope(200, { models: [], firmwareVersions: [] }))),
      http.post('/api/Installer/GetInstallerScorecards', () => HttpResponse.json(envelope(200, []))),
      http.post('/api/BatchSetting/PreviewBatch', async ({ request }) => {
        previews.push(await request.json());
        return HttpResponse.json(envelope(200, preview));
      }),
      http.post('/api/BatchSetting/CreateBatch', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        created.push(body);
        return HttpResponse.json(
          envelope(200, {
            id: 7,
            command: 'powerLimits',
            params: body.params,
            target: body.target,
            remark: '',
            requested_by: 'servicer',
            created_at: '2026-03-01T10:00:00Z',
            start_at: '2026-03-01T10:00:00Z',
            rate_per_minute: 600,
            canceled_at: null,
            total: 4,
            counts: { pending: 4 },
            status: 'running',
          }),
        );
      }),
    );
    const onCreated = vi.fn();
    renderAt(<BatchForm onCreated={onCreated} />, '/energyStorageSysMaintenance/sysBatchSetting');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Command' }));
    fireEvent.click(await screen.findByText('Charge / discharge power limits', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Charge power limit' }), { target: { value: '3000' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Discharge power limit' }), { target: { value: '4000' } });
    fireEvent.click(screen.getByText('By S/N list'));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Serial numbers' }), {
      target: { value: 'ESS-1, ESS-2\nESS-3 ESS-4 ESS-5\nNOPE-1' },
    });
    expect(screen.getByTestId('batch-send')).toBeDisabled();
    fireEvent.click(screen.getByTestId('batch-preview'));
    const result = await screen.findByTestId('batch-preview-result');
    expect(previews).toEqual([
      {
        command: 'powerLimits',
        params: { chargeW: 3000, dischargeW: 4000 },
        target: { kind: 'list', sns: ['ESS-1', 'ESS-2', 'ESS-3', 'ESS-4', 'ESS-5', 'NOPE-1'] },
      },
    ]);
    expect(within(result).getByText('ESS-H5 Hybrid: 1')).toBeInTheDocument();
    expect(within(result).getByText('1 S/N is no system you may reach')).toBeInTheDocument();
    expect(within(result).getByText('NOPE-1')).toBeInTheDocument();
    expect(result).toHaveTextContent(/Systems\s*5\s*Online\s*3\s*Offline\s*2\s*Refused by model\s*1/);
    const send = screen.getByTestId('batch-send');
    expect(send).toHaveTextContent('Send to 4 systems');
    fireEvent.click(send);
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(created[0]).toMatchObject({ command: 'powerLimits', rate_per_minute: 600, target: { kind: 'list' } });
  });
});
