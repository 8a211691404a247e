import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { messagesApi, type PublicNotice } from './api';

/** The public notices (planned maintenance …) on the login page: asked for without a token, again when the language changes; nothing when none or on failure. */
export function PublicNotices() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // The public pages have no query client (they are outside the portal's Refine providers): asked for directly.
  const [data, setData] = useState<PublicNotice[]>();
  useEffect(() => {
    let current = true;
    messagesApi
      .notices(language)
      .then((notices) => {
        if (current) setData(notices);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [language]);
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
