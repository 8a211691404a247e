import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComplaintNews } from '../../src/features/complaints/ComplaintNews';
import { BLINK_OFF_MS, BLINK_PERIOD_MS, FOLLOW_UP_MS, FOLLOW_UP_TIMES } from '../../src/features/complaints/useUnreadNews';
import { location, Location, signIn } from './complaints-render';
import { envelope } from './helpers';
import { renderWithData } from './render-portal';
import { server } from './setup';

/**
 * The top bar's complaint-message icon (spec §4, §9) with fake timers: it blinks (1 s on, 500 ms off) while messages
 * are unread, and after a message is opened the list is fetched once a second, up to 5 times or until it shrinks.
 */
const item = (id: number) => ({
  id,
  complaints_id: 3,
  complaintscomment_id: id,
  complaintsadditionalinfo_id: null,
  attachment_name: '',
  area: 'DE',
  kind: 'comment',
  title: 'Battery does not charge',
  content: `Message ${id}`,
  creator: 'servicer',
  creator_name: 'Li Wei',
  created_at: '2026-03-02T09:00:00.000Z',
});

/** Answers the unread list with the counts given in turn (the last one repeated); counts the calls. */
function serveNews(counts: number[]) {
  const calls = { list: 0, opened: [] as unknown[] };
  server.use(
    http.post('/api/ComplaintsNews/QueryAllUnreadNews', () => {
      const count = counts[Math.min(calls.list, counts.length - 1)]!;
      calls.list += 1;
      const rows = Array.from({ length: Math.min(count, 5) }, (_, i) => item(i + 1));
      return HttpResponse.json(envelope(200, { data: rows, dataCount: count }, 'Success'));
    }),
    http.post('/api/ComplaintsNews/GetCommentDetail', async ({ request }) => {
      calls.opened.push(await request.json());
      return HttpResponse.json(envelope(200, {}, 'Success'));
    }),
  );
  return calls;
}

const icon = () => screen.getByTestId('complaint-news');
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the complaint-message icon', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['customer'], 'customer');
  });
  afterEach(() => vi.useRealTimers());

  it('blinks while messages are unread: on for 1 s, off for 500 ms', async () => {
    serveNews([2]);
    renderWithData(<ComplaintNews />);
    await waitFor(() => expect(icon()).toHaveAttribute('data-blink', 'on'));
    await tick(BLINK_PERIOD_MS - BLINK_OFF_MS);
    expect(icon()).toHaveAttribute('data-blink', 'off');
    await tick(BLINK_OFF_MS);
    expect(icon()).toHaveAttribute('data-blink', 'on');
  });

  it('does not blink when nothing is unread', async () => {
    const calls = serveNews([0]);
    renderWithData(<ComplaintNews />);
    await waitFor(() => expect(calls.list).toBe(1));
    await tick(BLINK_PERIOD_MS);
    expect(icon()).not.toHaveAttribute('data-blink');
  });

  it('after a message is opened, asks again every second until the list shrinks', async () => {
    // 3 unread; the opened one is still counted for two follow-ups, then gone.
    const calls = serveNews([3, 3, 3, 2]);
    renderWithData(<ComplaintNews />);
    await waitFor(() => expect(calls.list).toBe(1));
    fireEvent.click(icon());
    fireEvent.click((await screen.findAllByTestId('complaint-news-item'))[0]!);
    await waitFor(() => expect(calls.opened).toEqual([{ comment_id: 1 }]));
    for (let i = 0; i < 3; i++) await tick(FOLLOW_UP_MS);
    expect(calls.list).toBe(4);
    await tick(FOLLOW_UP_MS * 5);
    expect(calls.list).toBe(4);
  });

  it("names each message's sender by display name; with more unread than shown, links to the list of complaints with unread messages", async () => {
    serveNews([7]);
    renderWithData(
      <>
        <ComplaintNews />
        <Location />
      </>,
    );
    await waitFor(() => expect(icon()).toHaveAttribute('data-blink'));
    fireEvent.click(icon());
    const shown = await screen.findAllByTestId('complaint-news-item');
    expect(shown).toHaveLength(5);
    expect(shown[0]).toHaveTextContent('Li Wei: Message 1');
    expect(shown[0]).not.toHaveTextContent('servicer');
    expect(screen.getByTestId('complaint-news-all')).toHaveTextContent('Show all 7 unread');
    fireEvent.click(screen.getByTestId('complaint-news-all'));
    await waitFor(() => expect(location().pathname).toBe('/customerComplaintList'));
    expect(location().searchParams.get('messages')).toBe('unread');
  });

  it('offers no "show all" link when every unread message is shown', async () => {
    serveNews([3]);
    renderWithData(<ComplaintNews />);
    await waitFor(() => expect(icon()).toHaveAttribute('data-blink'));
    fireEvent.click(icon());
    expect(await screen.findAllByTestId('complaint-news-item')).toHaveLength(3);
    expect(screen.queryByTestId('complaint-news-all')).toBeNull();
  });

  it('after a message is opened, asks at most 5 times when the list does not shrink', async () => {
    const calls = serveNews([3]);
    renderWithData(<ComplaintNews />);
    await waitFor(() => expect(calls.list).toBe(1));
    fireEvent.click(icon());
    fireEvent.click((await screen.findAllByTestId('complaint-news-item'))[0]!);
    await waitFor(() => expect(calls.opened).toHaveLength(1));
    for (let i = 0; i < FOLLOW_UP_TIMES + 3; i++) await tick(FOLLOW_UP_MS);
    expect(calls.list).toBe(1 + FOLLOW_UP_TIMES);
  });
});
