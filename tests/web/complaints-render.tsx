import { AbilityRoot } from '../../src/auth/AbilityRoot';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import ComplaintDetail from '../../src/features/complaints/ComplaintDetail';
import ComplaintList from '../../src/features/complaints/ComplaintList';
import CreateComplaint from '../../src/features/complaints/CreateComplaint';
import { accessControlProvider } from '../../src/providers/access';
import { dataProvider } from '../../src/providers/data';
import { envelope } from './helpers';
import { server } from './setup';

export { signIn } from './render-portal';

/** Shows where the router is (path and query), so a test sees a screen's navigation. */
export function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The three complaint screens at their routes (src/routing/screens.ts) inside the portal's Refine providers, opened at `url`. */
export function renderComplaints(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AntdApp>
        <AbilityRoot>
          <Refine
            dataProvider={dataProvider}
            routerProvider={routerProvider}
            accessControlProvider={accessControlProvider}
            resources={[{ name: 'customerComplaintList', list: '/customerComplaintList' }]}
            options={{ disableTelemetry: true, syncWithLocation: true }}
          >
            <Routes>
              <Route path="/customerComplaintList" element={<ComplaintList />} />
              <Route path="/customerComplaintList/attachmentDetails" element={<ComplaintDetail />} />
              <Route path="/createComplaint" element={<CreateComplaint />} />
            </Routes>
            <Location />
          </Refine>
        </AbilityRoot>
      </AntdApp>
    </MemoryRouter>,
  );
}

export const location = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://portal');

/** A complaint as the server answers it. */
export function complaint(id: number, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    title: `Battery does not charge ${id}`,
    description: 'Since Monday the battery stays at 10 %.',
    type: 'battery',
    sys_sn: 'ESS-1',
    status,
    priority: 'normal',
    country: 'DE',
    postcode: '10115',
    contact_email: 'kunde@example.com',
    contact_number: '',
    phone: '',
    created_by: 'customer',
    created_at: '2026-03-02T08:00:00.000Z',
    processor: null,
    accepter: null,
    team: null,
    attachments: [],
    ...extra,
  };
}

/** Answers the list calls with `rows` (a page) and records every body; a one-row page is a category's count. */
export function serveList(rows: object[], counts: Record<string, number> = {}) {
  const pages: Array<Record<string, any>> = [];
  const countBodies: Array<Record<string, any>> = [];
  server.use(
    http.post('/api/Complaints/GetComplaintPageList', async ({ request }) => {
      const body = (await request.json()) as Record<string, any>;
      if (body.pageSize === 1) {
        countBodies.push(body);
        const statuses: string[] = Array.isArray(body.status) ? body.status : [];
        const key = statuses.includes('waitingConfirmation')
          ? 'paused'
          : statuses.includes('new')
            ? 'open'
            : statuses.length
              ? 'resolved'
              : 'all';
        return HttpResponse.json(envelope(200, { data: rows.slice(0, 1), dataCount: counts[key] ?? 0 }, 'Success'));
      }
      pages.push(body);
      return HttpResponse.json(envelope(200, { data: rows, dataCount: rows.length }, 'Success'));
    }),
    // A row opened: its page reads the complaint, its history and its messages.
    http.post('/api/Complaints/GetComplaint', async ({ request }) => {
      const { id } = (await request.json()) as { id: number };
      return HttpResponse.json(envelope(200, rows.find((row) => (row as { id: number }).id === id) ?? null, 'Success'));
    }),
    http.post(/\/api\/Complaints\/GetComplaint(History|Messages)$/, () =>
      HttpResponse.json(envelope(200, { data: [], dataCount: 0 }, 'Success')),
    ),
  );
  return { pages, countBodies };
}
