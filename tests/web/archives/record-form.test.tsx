import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RecordForm } from '../../../src/features/archives/RecordForm';
import ClientList from '../../../src/features/archives/ClientList';
import { envelope } from '../helpers';
import { renderWithData, signIn } from '../render-portal';
import { server } from '../setup';

/**
 * The customer-file forms: a record made on a customer's file carries the file and its
 * system's S/N (the row scope the server checks), the kind of the tab and the user as the person; the client list
 * starts a new file filled from the customer's account and first system.
 */

function serveRecords() {
  const saved: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/CustomerArchives/GetCustomerArchiveComplaints', () =>
      HttpResponse.json(
        envelope(
          200,
          [
            {
              id: 7,
              title: 'Battery stops charging',
              type: 'battery',
              status: 'processing',
              sys_sn: 'SN1',
              created_at: '2026-03-01T08:00:00Z',
            },
          ],
          'Success',
        ),
      ),
    ),
    http.post('/api/CustomerArchives/SaveCustomerRecord', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return HttpResponse.json(envelope(200, { id: 1, ...body }, 'Success'));
    }),
  );
  return saved;
}

describe('a record on a customer file', { timeout: 30_000 }, () => {
  it('is sent with the file, its system, the tab’s kind and the user as the person', async () => {
    signIn(['servicer'], 'servicer');
    const saved = serveRecords();
    let done = false;
    renderWithData(<RecordForm archive={{ id: 3, sys_sn: 'SN1' }} kind="phone" onDone={() => (done = true)} />);
    fireEvent.change(await screen.findByLabelText('Contents'), { target: { value: 'Called about the battery' } });
    fireEvent.click(screen.getByTestId('record-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      archive_id: 3,
      sys_sn: 'SN1',
      kind: 'phone',
      person: 'servicer',
      contents: 'Called about the battery',
      complaint_id: null,
    });
    expect(saved[0]!.record_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(done).toBe(true));
  });

  it('shows the server’s refusal on its field and stays open', async () => {
    signIn(['servicer'], 'servicer');
    server.use(
      http.post('/api/CustomerArchives/GetCustomerArchiveComplaints', () => HttpResponse.json(envelope(200, [], 'Success'))),
      http.post('/api/CustomerArchives/SaveCustomerRecord', () =>
        HttpResponse.json(envelope(2, null, 'Parameter error: complaint_id', { data: { field: 'complaint_id' } })),
      ),
    );
    let done = false;
    renderWithData(<RecordForm archive={{ id: 3, sys_sn: 'SN1' }} kind="visit" onDone={() => (done = true)} />);
    fireEvent.change(await screen.findByLabelText('Contents'), { target: { value: 'Visit' } });
    fireEvent.click(screen.getByTestId('record-save'));
    await screen.findByText(/Parameter error|check/i);
    expect(done).toBe(false);
  });
});

describe('the client list', { timeout: 30_000 }, () => {
  it('starts a file filled from the customer and their first system', async () => {
    signIn(['servicer'], 'servicer');
    server.use(
      http.post('/api/CustomerArchives/GetClientPageList', () =>
        HttpResponse.json(
          envelope(
            200,
            {
              dataCount: 1,
              data: [
                {
                  user_id: 5,
                  username: 'anna',
                  display_name: 'Anna Schmidt',
                  email: 'anna@example.com',
                  phone: '+49 30 1',
                  country: 'DE',
                  archive_id: null,
                  systems: [
                    {
                      sys_sn: 'SN1',
                      sys_name: 'Home',
                      minv: 'ESS-10',
                      mbat: 'B-10',
                      address: 'Hauptstraße 1',
                      postcode: '10115',
                      city: 'Berlin',
                      country: 'DE',
                      installer_company: 'Sonnen Montage',
                    },
                  ],
                },
              ],
            },
            'Success',
          ),
        ),
      ),
    );
    renderWithData(<ClientList />);
    fireEvent.click(await screen.findByTestId('client-create-archive'));
    expect(await screen.findByDisplayValue('10115')).toBeTruthy();
    expect(screen.getByDisplayValue('SN1')).toBeTruthy();
    expect(screen.getByDisplayValue('Sonnen Montage')).toBeTruthy();
    expect(screen.getAllByDisplayValue('Anna Schmidt').length).toBeGreaterThan(0);
  });
});
