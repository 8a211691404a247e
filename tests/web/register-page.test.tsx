import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import LoginPage from '../../src/features/account/LoginPage';
import PrivacyPage from '../../src/features/account/PrivacyPage';
import RegisterPage from '../../src/features/account/RegisterPage';
import { envelope } from './helpers';
import { server } from './setup';

/** /Register: the live checks of each step, the code's countdown, the links to and from it. */
function openAt(path: string) {
  const page = (element: ReactNode) => <App>{element}</App>;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/Login" element={page(<LoginPage />)} />
        <Route path="/Register" element={page(<RegisterPage />)} />
        <Route path="/privacy" element={page(<PrivacyPage />)} />
      </Routes>
    </MemoryRouter>,
  );
}

function answering(path: string, answer: (body: Record<string, unknown>) => ReturnType<typeof envelope>) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(`/api${path}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json(answer(body));
    }),
  );
  return bodies;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/Register', { timeout: 60_000 }, () => {
  it('is linked from the login page, and links the privacy policy', async () => {
    server.use(http.get('/api/Account/GetSystemTimeZones', () => HttpResponse.json(envelope(200, []))));
    openAt('/Login');
    fireEvent.click(screen.getByRole('link', { name: 'Register your system' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Privacy policy' }));
    expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByText('6. Your rights')).toBeInTheDocument();
  });

  it('checks the label as it is typed, then the user name, and counts down before another code', async () => {
    server.use(
      http.get('/api/Account/GetSystemTimeZones', () =>
        HttpResponse.json(envelope(200, [{ id: 'Europe/Berlin', offset: '+01:00', name: '(UTC+01:00) Europe/Berlin' }])),
      ),
    );
    const labels = answering('/Account/CheckSysSn', (body) =>
      body.check_code === 'KL9NMB'
        ? envelope(200, { sn: 'ESS2021DE1004', model: 'ESS-H10 Hybrid', countryCode: 'DE', timeZone: 'Europe/Berlin' })
        : envelope(21, null),
    );
    answering('/Account/CheckUsername', (body) => (body.username === 'customer' ? envelope(50, null) : envelope(200, null)));
    const codes = answering('/Account/SendRegisterCode', () => envelope(200, { expiresInSeconds: 900, resendInSeconds: 60 }));
    openAt('/Register');
    await screen.findByLabelText('S/N of the system');

    type('S/N of the system', 'ess2021de1004');
    type('Check code', 'wrong1');
    fireEvent.blur(screen.getByLabelText('Check code'));
    expect(await screen.findByText('S/N check code error')).toBeInTheDocument();
    type('Check code', 'kl9nmb');
    fireEvent.blur(screen.getByLabelText('Check code'));
    expect(await screen.findByText(/System ESS2021DE1004 \(ESS-H10 Hybrid\) found/)).toBeInTheDocument();
    expect(labels.at(-1)).toEqual({ sn: 'ESS2021DE1004', check_code: 'KL9NMB' });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: 'Back' });
    type('User name', 'customer');
    fireEvent.blur(screen.getByLabelText('User name'));
    expect(await screen.findByText('Username already exists')).toBeInTheDocument();

    type('E-mail', 'jonas@mail.example');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    });
    await waitFor(() => expect(codes).toEqual([{ email: 'jonas@mail.example', language: 'en' }]));
    expect(await screen.findByRole('button', { name: /Again in (60|59) s/ })).toBeDisabled();
  });
});
