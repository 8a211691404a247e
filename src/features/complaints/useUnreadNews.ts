import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { complaintKeys, complaintsApi } from './api';

/** How often the unread complaint messages are asked for while nothing was just opened. */
export const NEWS_POLL_MS = 60_000;
/** Spec §4: after a message is opened, the list is fetched once a second … */
export const FOLLOW_UP_MS = 1_000;
/** … up to 5 times, or until it shrinks. */
export const FOLLOW_UP_TIMES = 5;
/** Spec §9: the icon blinks every 1.5 s, 500 ms of it off, while any message is unread. */
export const BLINK_PERIOD_MS = 1_500;
export const BLINK_OFF_MS = 500;

/**
 * The top bar's unread complaint messages (spec §4, §9): polled; after `opened()` (a message was opened, the server
 * marks it read) fetched once a second up to FOLLOW_UP_TIMES times or until the count is below the one before.
 */
export function useUnreadNews(enabled: boolean) {
  const [followUp, setFollowUp] = useState<{ left: number; before: number }>();
  const query = useQuery({
    queryKey: complaintKeys.news(),
    queryFn: complaintsApi.unreadNews,
    enabled,
    refetchInterval: followUp ? FOLLOW_UP_MS : NEWS_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
  const count = query.data?.dataCount ?? 0;
  const updatedAt = query.dataUpdatedAt;
  const seen = useRef(updatedAt);
  useEffect(() => {
    if (!followUp || updatedAt === seen.current) return;
    seen.current = updatedAt;
    // One follow-up fetch answered: stop once the list has shrunk or the tries are used up.
    setFollowUp(count < followUp.before || followUp.left <= 1 ? undefined : { ...followUp, left: followUp.left - 1 });
  }, [updatedAt, count, followUp]);
  const opened = () => {
    seen.current = updatedAt;
    setFollowUp({ left: FOLLOW_UP_TIMES, before: count });
  };
  return { items: query.data?.data ?? [], count, opened };
}

/** Whether a blinking icon is shown now: on for 1 s, off for 500 ms, while `active`. */
export function useBlink(active: boolean): boolean {
  const [on, setOn] = useState(true);
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout>;
    const show = () => {
      setOn(true);
      timer = setTimeout(hide, BLINK_PERIOD_MS - BLINK_OFF_MS);
    };
    const hide = () => {
      setOn(false);
      timer = setTimeout(show, BLINK_OFF_MS);
    };
    // Shown first (a blink starts lit), then off after its lit part.
    timer = setTimeout(hide, BLINK_PERIOD_MS - BLINK_OFF_MS);
    return () => {
      clearTimeout(timer);
      setOn(true);
    };
  }, [active]);
  return !active || on;
}
