import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_FETCH_SIZE } from '../../../contract/messages-constants';
import { i18n } from '../../../src/i18n';
import { badgeText } from '../../../src/features/messages/badge';
import { NotificationBell } from '../../../src/features/messages/NotificationBell';
import { raiseReadFlag } from '../../../src/features/messages/readFlag';
import { NOTIFICATION_POLL_MS } from '../../../src/features/messages/useUnreadNotifications';
import { envelope } from '../helpers';
import { renderWithData, signIn } from '../render-portal';
import { server } from '../setup';

/**
 * The top bar's bell (spec §4, §9): the unread count ('99+' above 99, nothing at 0); the unread list is reloaded when
 * the read flag is raised or the language changes, and not otherwise (fake timers); a failed load shows nothing.
 */
const notification = (id: number) => ({
  id,
  message_id: id,
  msgtitle: `Firmware ${id}`,
  content: 'Better charging in the cold',
  language: 'en',
  userread_flag: '0',
  publish_time: '2026-03-02T09:00:00.000Z',
  read_time: null,
  sender: 'Li Wei',
});

function serveUnread(count: number, options: { fail?: boolean } = {}) {
  const calls: Array<Record<string, unknown>> = [];
  const marked: unknown[] = [];
  server.use(
    http.post('/api/Message/GetUnreadMyMsg', async ({ request }) => {
      calls.push((await request.json()) as Record<string, unknown>);
      if (options.fail) return HttpResponse.json(envelope(500, null, 'Unknown error'));
      const rows = Array.from({ length: Math.min(count, 10) }, (_, i) => notification(i + 1));
      return HttpResponse.json(envelope(200, { data: rows, dataCount: count, unreadCount: count }, 'Success'));
    }),
    http.post('/api/Message/UpdateMyMsg', async ({ request }) => {
      marked.push(await request.json());
      return HttpResponse.json(envelope(200, { count: 1 }, 'Success'));
    }),
  );
  return { calls, marked };
}

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const badge = () => screen.getByTestId('notification-badge');

describe('badge text', () => {
  it.each([
    [0, undefined],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%i unread → %s', (count, text) => expect(badgeText(count)).toBe(text));
});

describe('the bell', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['customer'], 'customer');
  });
  afterEach(async () => {
    vi.useRealTimers();
    if (i18n.language !== 'en') await i18n.changeLanguage('en');
  });

  it("asks with the spec's body and shows '99+' above 99", async () => {
    const { calls } = serveUnread(150);
    renderWithData(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('99+'));
    expect(calls[0]).toEqual({ pageIndex: 1, pageSize: NOTIFICATION_FETCH_SIZE, language: 'en' });
  });

  it('shows the count, and no badge at all for 0', async () => {
    serveUnread(7);
    const { unmount } = renderWithData(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('7'));
    unmount();
    const { calls } = serveUnread(0);
    renderWithData(<NotificationBell />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.getByTestId('notification-badge').querySelector('.ant-badge-count')).toBeNull();
    expect(screen.getByTestId('notification-badge')).not.toHaveTextContent(/\d/);
  });

  it('reloads when the read flag is raised, and not by itself within the poll interval', async () => {
    const { calls } = serveUnread(3);
    renderWithData(<NotificationBell />);
    await waitFor(() => expect(calls.length).toBe(1));
    await tick(NOTIFICATION_POLL_MS - 1_000);
    expect(calls.length).toBe(1);
    act(() => raiseReadFlag());
    await waitFor(() => expect(calls.length).toBe(2));
    await tick(10_000);
    expect(calls.length).toBe(2);
  });

  it('reloads in the new language when the language changes', async () => {
    const { calls } = serveUnread(3);
    renderWithData(<NotificationBell />);
    await waitFor(() => expect(calls.length).toBe(1));
    await act(() => i18n.changeLanguage('de'));
    await waitFor(() => expect(calls.length).toBe(2));
    expect(calls[1]).toMatchObject({ language: 'de' });
  });

  it('opening one marks it read and raises the flag (the list reloads)', async () => {
    const { calls, marked } = serveUnread(2);
    renderWithData(<NotificationBell />);
    await waitFor(() => expect(calls.length).toBe(1));
    fireEvent.click(screen.getByTestId('notification-bell'));
    fireEvent.click((await screen.findAllByTestId('notification-item'))[0]!);
    await waitFor(() => expect(marked).toEqual([{ ids: [1], read: true }]));
    await waitFor(() => expect(calls.length).toBe(2));
  });

  it('a failed load is passed on silently: no message, no badge', async () => {
    const { calls } = serveUnread(0, { fail: true });
    renderWithData(<NotificationBell />);
    await waitFor(() => expect(calls.length).toBe(1));
    await tick(100);
    expect(document.querySelector('.ant-message-notice')).toBeNull();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    expect(badge().querySelector('.ant-badge-count')).toBeNull();
  });
});
