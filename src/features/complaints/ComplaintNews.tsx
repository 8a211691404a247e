import { CommentOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { complaintsApi, type NewsItem } from './api';
import { MESSAGE_DETAIL_PATH, UNREAD_LIST_PATH } from './paths';
import { useBlink, useUnreadNews } from './useUnreadNews';
import './complaints.css';

/**
 * The top bar's complaint-message icon (spec §2, §4, §9): the count of unread complaint messages, blinking while
 * there are any; a click lists the newest 5, each with its sender's display name, and opening one marks it read and
 * shows its complaint's conversation. When more are unread, a link opens the complaint list filtered to the complaints
 * with unread messages. Only for users with the complaint screens.
 */
export function ComplaintNews() {
  const can = useCanAccess();
  const allowed = can('customerComplaintList');
  return allowed ? <NewsIcon /> : null;
}

function NewsIcon() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const { items, count, opened } = useUnreadNews(true);
  const visible = useBlink(count > 0);

  const show = async (item: NewsItem) => {
    setOpen(false);
    try {
      await complaintsApi.openNews(item);
    } finally {
      opened();
      navigate(`${MESSAGE_DETAIL_PATH}?customercomplaintId=${item.complaints_id}&fromMessage=1`);
    }
  };

  const showAll = () => {
    setOpen(false);
    navigate(UNREAD_LIST_PATH);
  };

  const list = items.length ? (
    <List
      className="complaint-news-list"
      size="small"
      dataSource={items}
      renderItem={(item) => (
        <List.Item className="complaint-news-item" onClick={() => void show(item)} data-testid="complaint-news-item">
          <List.Item.Meta
            title={item.title}
            description={
              <>
                <Typography.Paragraph ellipsis={{ rows: 2 }} className="complaint-news-text">
                  {item.creator_name}: {item.content}
                </Typography.Paragraph>
                <Typography.Text type="secondary">{format.dateTime(item.created_at)}</Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
      footer={
        count > items.length ? (
          <Button type="link" block onClick={showAll} data-testid="complaint-news-all">
            {t('complaints:news.showAll', { total: format.number(count, 0) })}
          </Button>
        ) : undefined
      }
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('complaints:news.none')} />
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" title={t('complaints:news.title')} content={list}>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<CommentOutlined style={{ visibility: visible ? 'visible' : 'hidden' }} />}
          aria-label={t('complaints:news.label', { count })}
          data-testid="complaint-news"
          data-blink={count > 0 ? (visible ? 'on' : 'off') : undefined}
        />
      </Badge>
    </Popover>
  );
}
