import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Popover, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormat } from '../../i18n/format';
import { ReportDownloadButton } from '../reports/ReportDownloadButton';
import { messagesApi, type Notification } from './api';
import { badgeText } from './badge';
import { raiseReadFlag } from './readFlag';
import { useUnreadNotifications } from './useUnreadNotifications';
import './messages.css';

/** How many of the newest unread notifications the bell's list shows. */
export const BELL_LIST_SIZE = 5;
export const NOTIFICATIONS_PATH = '/Notifications';

/**
 * The top bar's bell (spec §2, §4, §9): the count of unread notifications ('99+' above 99, nothing at 0); a click
 * lists the newest unread; opening one marks it read and shows it on /Notifications; 'mark all read' and 'show all'.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const { items, count } = useUnreadNotifications();
  const text = badgeText(count);

  const show = async (item: Notification) => {
    setOpen(false);
    try {
      await messagesApi.markRead([item.id]);
    } finally {
      raiseReadFlag();
      navigate(`${NOTIFICATIONS_PATH}?open=${item.id}`);
    }
  };

  const markAll = async () => {
    await messagesApi.markAllRead();
    raiseReadFlag();
  };

  const content = (
    <div className="notification-bell__panel" data-testid="notification-panel">
      {items.length ? (
        <List
          size="small"
          dataSource={items.slice(0, BELL_LIST_SIZE)}
          renderItem={(item) => (
            <List.Item className="notification-bell__item" onClick={() => void show(item)} data-testid="notification-item">
              <List.Item.Meta
                title={
                  <Space size={4} className="notification-bell__title">
                    <Typography.Text strong>{item.msgtitle}</Typography.Text>
                    <ReportDownloadButton reportId={item.report_id} />
                  </Space>
                }
                description={
                  <>
                    <Typography.Paragraph ellipsis={{ rows: 2 }} className="notification-bell__text">
                      {item.content}
                    </Typography.Paragraph>
                    <Typography.Text type="secondary">
                      {item.sender ? `${item.sender} · ` : ''}
                      {format.dateTime(item.publish_time)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages:bell.none')} />
      )}
      <Space className="notification-bell__footer">
        {count > 0 ? (
          <Button size="small" type="link" onClick={() => void markAll()} data-testid="notification-mark-all">
            {t('messages:actions.markAllRead')}
          </Button>
        ) : (
          <span />
        )}
        <Button
          size="small"
          type="link"
          onClick={() => {
            setOpen(false);
            navigate(NOTIFICATIONS_PATH);
          }}
          data-testid="notification-show-all"
        >
          {t('messages:bell.showAll')}
        </Button>
      </Space>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      // Slid back into the screen where it would leave it (a phone, whose bell is not at the right edge).
      align={{ overflow: { adjustY: true, shiftX: true } }}
      title={t('messages:bell.title', { count })}
      content={content}
    >
      <Badge count={text} size="small" offset={[-4, 4]} data-testid="notification-badge">
        <Button type="text" icon={<BellOutlined />} aria-label={t('messages:bell.label', { count })} data-testid="notification-bell" />
      </Badge>
    </Popover>
  );
}
