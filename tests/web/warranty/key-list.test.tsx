import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { KeyList } from '../../../src/features/warranty/KeyList';
import { envelope } from '../helpers';
import { renderAt, signIn } from '../monitoring/render';
import { server } from '../setup';

const key = (id: number, code: string, extra: Record<string, unknown> = {}) => ({
  id,
  code,
  kind: 'battery',
  years: 2,
  mwh: 5,
  state: 'unused',
  expires_on: '2027-06-30',
  expired: false,
  note: 'Goodwill, complaint 1042',
  created_by: 'Li Wei',
  created_at: '2026-11-20T09:00:00Z',
  used_sn: null,
  used_at: null,
  ...extra,
});

describe('the issued keys', { timeout: 60_000 }, () => {
  it('shows each key with its state (expired: unused past its day), the system a used one extended, and voids an unused one', async () => {
    signIn(['servicer'], 'servicer');
    const asked: Array<Record<string, unknown>> = [];
    const voided: unknown[] = [];
    server.use(
      http.post('/api/Warranty/GetWarrantyKeyList', async ({ request }) => {
        asked.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          envelope(200, {
            dataCount: 3,
            data: [
              key(3, 'WK-7Q2M-PX4D'),
              key(2, 'WK-Z8HC-11RA', { state: 'used', used_sn: 'ESS2024A0001', used_at: '2026-11-25T10:00:00Z' }),
              key(1, 'WK-OLD1-9XYZ', { kind: 'inverter', mwh: 0, expired: true, expires_on: '2026-10-31' }),
            ],
          }),
        );
      }),
      http.post('/api/Warranty/SaveWarrantyData', async ({ request }) => {
        voided.push(await request.json());
        return HttpResponse.json(envelope(200, { keys: [] }));
      }),
    );
    renderAt(<KeyList />);
    const unused = (await screen.findByText('WK-7Q2M-PX4D')).closest('tr')!;
    const used = screen.getByText('WK-Z8HC-11RA').closest('tr')!;
    const old = screen.getByText('WK-OLD1-9XYZ').closest('tr')!;
    expect(within(unused).getByText('Unused')).toBeInTheDocument();
    expect(within(unused).getByText('2 years, 5.0 MWh')).toBeInTheDocument();
    expect(within(used).getByText('Used')).toBeInTheDocument();
    expect(within(used).getByText(/ESS2024A0001/)).toBeInTheDocument();
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    expect(within(old).getByText('2 years')).toBeInTheDocument();
    // Only an unused key can be voided.
    expect(within(used).queryByRole('button', { name: 'Void' })).toBeNull();
    expect(within(old).queryByRole('button', { name: 'Void' })).toBeNull();
    fireEvent.click(within(unused).getByRole('button', { name: 'Void' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(voided).toEqual([{ action: 'void', cdkey: 'WK-7Q2M-PX4D' }]));
    expect(asked[0]).toEqual({ pageIndex: 1, pageSize: 20 });
  });
});
