import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareButton, showsShareIcon } from '../../../src/features/monitoring/shared/share/ShareButton';
import { ShareDialog } from '../../../src/features/monitoring/shared/share/ShareDialog';
import { SHARE_EMAIL_PATTERN } from '../../../src/features/monitoring/shared/share/rules';
import { envelope } from '../helpers';
import { server } from '../setup';
import { renderAt, signIn } from './render';

function openDialog() {
  signIn(['customer']);
  renderAt(<ShareDialog sn="ESS-A" open onClose={() => {}} />);
}
const email = () => screen.getByLabelText('E-mail');
const days = () => screen.getByLabelText('Valid for');
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Share' }));

// The dialog lists the system's shares below its form: none unless a test says otherwise.
beforeEach(() => server.use(http.post('/api/ESS/GetShareList', () => HttpResponse.json(envelope(200, [])))));

describe('the share icon (spec §6)', () => {
  // The icon asks the selector's list whether the system is the user's own (tests/web/share-icon.test.tsx).
  beforeEach(() => server.use(http.post('/api/ESS/GetSystemsByCustomer', () => HttpResponse.json(envelope(200, [])))));

  it('is hidden when the only role is sharer, or when All is selected', () => {
    expect(showsShareIcon(['sharer'], 'ESS-A')).toBe(false);
    expect(showsShareIcon(['customer'], 'All')).toBe(false);
    expect(showsShareIcon(['customer'], 'ESS-A')).toBe(true);
    expect(showsShareIcon(['customer', 'sharer'], 'ESS-A')).toBe(true);
  });

  it('renders for a customer on one system and not for a sharer nor for All', () => {
    signIn(['customer']);
    const customer = renderAt(<ShareButton sn="ESS-A" roles={['customer']} />);
    expect(screen.getByTestId('share-button')).toBeInTheDocument();
    customer.unmount();
    const sharer = renderAt(<ShareButton sn="ESS-A" roles={['sharer']} />);
    expect(screen.queryByTestId('share-button')).toBeNull();
    sharer.unmount();
    renderAt(<ShareButton sn="All" roles={['customer']} />);
    expect(screen.queryByTestId('share-button')).toBeNull();
  });
});

describe('the share dialog (spec §5)', () => {
  it('asks for both fields with the spec texts', async () => {
    openDialog();
    submit();
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please fill in the number of days')).toBeInTheDocument();
  });

  it('refuses an address of the wrong shape, with a 2-8 letter top-level part', async () => {
    expect(SHARE_EMAIL_PATTERN.test('a.b@example.co')).toBe(true);
    expect(SHARE_EMAIL_PATTERN.test('a@example.abcdefgh')).toBe(true);
    expect(SHARE_EMAIL_PATTERN.test('a@example.c')).toBe(false);
    expect(SHARE_EMAIL_PATTERN.test('a@example.abcdefghi')).toBe(false);
    expect(SHARE_EMAIL_PATTERN.test('no-at.example.com')).toBe(false);
    openDialog();
    type(email(), 'person@example.c');
    expect(await screen.findByText('E-mail format incorrect, please enter again')).toBeInTheDocument();
  });

  it('says to fill in numbers and clears a non-numeric days value after 2 s', async () => {
    // The fake clock also runs with real time, so that the form's own validation settles.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    openDialog();
    type(days(), '7x');
    expect(await screen.findByText('Please fill in the numbers')).toBeInTheDocument();
    expect(days()).toHaveValue('7x');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(days()).toHaveValue('7x');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(days()).toHaveValue('');
    await waitFor(() => expect(screen.queryByText('Please fill in the numbers')).toBeNull());
  });

  it('keeps a numeric value and sends e-mail, days and S/N; success says Share Success', async () => {
    let body: unknown;
    server.use(
      http.post('/api/ESS/ShareSub', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope(200, { sharer_username: 'friend', expires_at: '2026-12-01T00:00:00Z', register_token: null }));
      }),
    );
    openDialog();
    type(email(), ' friend@example.com ');
    type(days(), '30');
    submit();
    expect(await screen.findByText('Share Success')).toBeInTheDocument();
    expect(body).toEqual({ email: 'friend@example.com', days: 30, sn: 'ESS-A' });
  });

  it('shows the server info when sharing fails', async () => {
    server.use(http.post('/api/ESS/ShareSub', () => HttpResponse.json(envelope(400, null, 'Operation failure: try again later'))));
    openDialog();
    type(email(), 'friend@example.com');
    type(days(), '5');
    submit();
    expect(await screen.findByText('Operation failure: try again later')).toBeInTheDocument();
    expect(email()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows 37 (the address is another kind of account) under the e-mail, with the server info', async () => {
    server.use(
      http.post('/api/ESS/ShareSub', () =>
        HttpResponse.json(envelope(37, { field: 'email' }, 'User exists: this e-mail is the user name of another account')),
      ),
    );
    openDialog();
    type(email(), 'staff@example.com');
    type(days(), '5');
    submit();
    const shown = await screen.findByText('User exists: this e-mail is the user name of another account');
    expect(email().closest('.ant-form-item')).toContainElement(shown);
    expect(email()).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows 'Share Failed' when the server gives no info", async () => {
    server.use(http.post('/api/ESS/ShareSub', () => HttpResponse.json(envelope(400, null, ''))));
    openDialog();
    type(email(), 'friend@example.com');
    type(days(), '5');
    submit();
    expect(await screen.findByText('Share Failed')).toBeInTheDocument();
  });

  it('gives the registration link for an address without an account', async () => {
    server.use(
      http.post('/api/ESS/ShareSub', () =>
        HttpResponse.json(
          envelope(200, { sharer_username: 'new@example.com', expires_at: '2026-12-01T00:00:00Z', register_token: 'tok123' }),
        ),
      ),
    );
    openDialog();
    type(email(), 'new@example.com');
    type(days(), '3');
    submit();
    await waitFor(() => expect(screen.getByText(/\/shareRegister\?token=tok123/)).toBeInTheDocument());
  });
});

describe('the list of shares in the dialog', () => {
  const shares = [
    {
      id: 7,
      email: 'anna@example.com',
      username: 'anna',
      display_name: 'Anna Berg',
      registered: true,
      expires_at: '2026-12-20T10:00:00Z',
      created_at: '2026-11-20T10:00:00Z',
      active: true,
    },
    {
      id: 8,
      email: 'new@example.com',
      username: null,
      display_name: null,
      registered: false,
      expires_at: '2026-12-01T10:00:00Z',
      created_at: '2026-11-20T10:00:00Z',
      active: true,
    },
  ];

  it('shows who, registered or pending, until when; revoke asks first, then calls RevokeShare and reloads the list', async () => {
    let revoked: unknown;
    let listed = 0;
    server.use(
      http.post('/api/ESS/GetShareList', () => HttpResponse.json(envelope(200, listed++ === 0 ? shares : shares.slice(1)))),
      http.post('/api/ESS/RevokeShare', async ({ request }) => {
        revoked = await request.json();
        return HttpResponse.json(envelope(200));
      }),
    );
    openDialog();
    expect(await screen.findByText('Anna Berg')).toBeInTheDocument();
    expect(screen.getByText('Registered')).toBeInTheDocument();
    expect(screen.getByText('Invitation pending')).toBeInTheDocument();
    expect(screen.getAllByText(/^Until /)).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Revoke' })[0]!);
    // The confirmation's own 'Revoke' button joins the two of the list: nothing is sent before it is pressed.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Revoke' })).toHaveLength(3));
    expect(revoked).toBeUndefined();
    fireEvent.click(screen.getAllByRole('button', { name: 'Revoke' }).at(-1)!);
    await waitFor(() => expect(revoked).toEqual({ sn: 'ESS-A', id: 7 }));
    await waitFor(() => expect(screen.queryByText('Anna Berg')).toBeNull());
  }, 60_000);

  it('an ended share says since when and offers neither Extend nor Revoke (sharing again renews it)', async () => {
    const ended = {
      ...shares[0]!,
      id: 9,
      email: 'old@example.com',
      display_name: 'Old Friend',
      expires_at: '2026-01-05T10:00:00Z',
      active: false,
    };
    server.use(http.post('/api/ESS/GetShareList', () => HttpResponse.json(envelope(200, [shares[0], ended]))));
    openDialog();
    const entry = (await screen.findByText('Old Friend')).closest('li')!;
    expect(within(entry).getByText('Ended')).toBeInTheDocument();
    expect(within(entry).getByText(/^Ended on /)).toBeInTheDocument();
    expect(within(entry).queryByRole('button')).toBeNull();
    // The live share keeps both.
    const live = screen.getByText('Anna Berg').closest('li')!;
    expect(within(live).getByRole('button', { name: 'Extend' })).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
  });

  it("extend refuses days out of range with the range, in the dialog's words, and sends nothing", async () => {
    let called = false;
    server.use(
      http.post('/api/ESS/GetShareList', () => HttpResponse.json(envelope(200, shares))),
      http.post('/api/ESS/ExtendShare', () => {
        called = true;
        return HttpResponse.json(envelope(200, { expires_at: '2027-01-01T00:00:00Z' }));
      }),
    );
    openDialog();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Extend' }))[0]!);
    const field = await screen.findByLabelText('Extend by');
    type(field, '99999');
    expect(await screen.findByText('Please fill in a number of days from 1 to 36,500')).toBeInTheDocument();
    expect(called).toBe(false);
  });
});
