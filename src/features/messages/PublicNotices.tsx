import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { messageKeys, messagesApi } from './api';

/** The public notices (planned maintenance …) on the login page: asked for without a token; nothing when none or on failure. */
export function PublicNotices() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { data } = useQuery({
    queryKey: messageKeys.notices(language),
    queryFn: () => messagesApi.notices(language),
    retry: false,
    staleTime: 60_000,
  });
  if (!data?.length) return null;
  return (
    <div className="public-notices" data-testid="public-notices">
      {data.map((notice) => (
        <Alert
          key={notice.id}
          type="warning"
          showIcon
          message={notice.msgtitle}
          description={
            <>
              <div className="public-notices__text">{notice.content}</div>
              {notice.notice_until ? (
                <div className="public-notices__until">{t('messages:notice.until', { date: format.dateTime(notice.notice_until) })}</div>
              ) : null}
            </>
          }
        />
      ))}
    </div>
  );
}
