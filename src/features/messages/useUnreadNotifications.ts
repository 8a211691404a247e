import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageQueries } from './api';
import { useReadFlag } from './readFlag';

/** While the portal is open the bell asks again now and then, for messages published meanwhile. */
export const NOTIFICATION_POLL_MS = 5 * 60_000;

/**
 * The top bar's unread notifications (spec §4): reloaded when the read flag is raised or the language changes (both
 * are in the query key); a failed load keeps what was shown and says nothing (spec §7).
 */
export function useUnreadNotifications() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const flag = useReadFlag();
  const query = useQuery({
    ...messageQueries.unread(flag, language),
    placeholderData: keepPreviousData,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
  return { items: query.data?.data ?? [], count: query.data?.unreadCount ?? query.data?.dataCount ?? 0 };
}
