import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { WarrantyAnswer } from '../../../contract/warranty';
import { ComplaintWarrantyTag } from '../../../src/features/warranty/ComplaintWarrantyTag';
import { WarrantyCard } from '../../../src/features/warranty/WarrantyCard';
import { server } from '../setup';
import { renderAt, signIn } from '../monitoring/render';

const warranty: WarrantyAnswer = {
  sys_sn: 'ESS2024A0001',
  start_basis: 'commissioning',
  delivered_on: null,
  commissioned_on: '2024-04-12',
  start_on: '2024-04-12',
  battery_extendable: true,
  end_on: '2034-04-12',
  state: 'under',
  components: [
    {
      kind: 'inverter',
      sn: 'INV-1',
      model: 'X5',
      years: 10,
      extra_years: 0,
      allowed_mwh: null,
      extra_mwh: null,
      used_mwh: null,
      end_on: '2034-04-12',
      ended_by: 'years',
      state: 'under',
    },
    {
      kind: 'battery',
      sn: 'BAT-1',
      model: 'B10',
      years: 10,
      extra_years: 0,
      allowed_mwh: 40,
      extra_mwh: 0,
      used_mwh: 6.5,
      end_on: '2034-04-12',
      ended_by: 'years',
      state: 'under',
    },
  ],
  extensions: [],
  delivery_note: [],
};

describe("the warranty on the customer's dashboard", () => {
  it("shows the state, each component's end and the battery's throughput with how it is counted, and redeems a key", async () => {
    signIn(['customer']);
    const redeemed: unknown[] = [];
    server.use(
      http.post('*/api/Warranty/GetWarranty', () => HttpResponse.json({ code: 200, data: warranty, info: 'Success' })),
      http.post('*/api/Warranty/UpdateWarranty', async ({ request }) => {
        redeemed.push(await request.json());
        const battery = { ...warranty.components[1]!, years: 15, extra_years: 5, end_on: '2039-04-12' };
        return HttpResponse.json({ code: 200, data: { ...warranty, components: [warranty.components[0], battery] }, info: 'Success' });
      }),
    );
    renderAt(<WarrantyCard sn="ESS2024A0001" />);
    expect(await screen.findByText(/Under warranty until/)).toBeInTheDocument();
    expect(screen.getByText(/half of the energy charged plus discharged/)).toBeInTheDocument();
    expect(screen.getByText(/6\.50 of 40\.0 MWh/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Warranty key (CDKEY)'), { target: { value: 'WK-P9KA-3RFU-6ZEH' } });
    fireEvent.click(screen.getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(redeemed).toEqual([{ sys_sn: 'ESS2024A0001', component: 'battery', cdkey: 'WK-P9KA-3RFU-6ZEH' }]));
    expect(await screen.findByText(/\+5 years by key/)).toBeInTheDocument();
  });

  it('says so when no terms are recorded, and a sharer gets no key entry', async () => {
    signIn(['sharer']);
    renderAt(<WarrantyCard sn="ESS2024A0002" />);
    expect(await screen.findByText('No warranty terms have been recorded for this system yet.')).toBeInTheDocument();
    server.use(http.post('*/api/Warranty/GetWarranty', () => HttpResponse.json({ code: 200, data: warranty, info: 'Success' })));
    renderAt(<WarrantyCard sn="ESS2024A0001" />);
    expect(await screen.findByText(/Under warranty until/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Warranty key (CDKEY)')).toBeNull();
  });

  it("a complaint's system: 'out of warranty since …'", async () => {
    signIn(['servicer']);
    server.use(
      http.post('*/api/Warranty/GetWarranty', () =>
        HttpResponse.json({ code: 200, data: { ...warranty, state: 'expired', end_on: '2025-01-31' }, info: 'Success' }),
      ),
    );
    renderAt(<ComplaintWarrantyTag sn="ESS2024A0001" />);
    expect(await screen.findByText(/Out of warranty since/)).toBeInTheDocument();
  });
});
