import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, DatePicker, Input, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormat } from '../../i18n/format';
import { ReportDownloadButton } from '../reports/ReportDownloadButton';
import { Modal } from '../../ui/Modal';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { messageQueries, messagesApi, refreshMine, type MyListQuery, type Notification } from './api';
import { raiseReadFlag } from './readFlag';
import './messages.css';

const PAGE_SIZE = 20;
type ReadFilter = 'all' | 'unread' | 'read';

/**
 * /Notifications (spec §2 BasicSettings): the caller's notifications, newest first, filtered by read / unread, words
 * and publication days; opening one shows it and marks it read; mark selected or all read; delete (for the caller
 * alone). Every change raises the read flag, so the bell reloads (spec §4). Phones get cards (ResponsiveTable).
 */
export default function Notifications() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const format = useFormat();
  const client = useQueryClient();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [params, setParams] = useSearchParams();
  const [read, setRead] = useState<ReadFilter>('all');
  const [keyword, setKeyword] = useState('');
  const [days, setDays] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);

  const query: MyListQuery = {
    pageIndex: page,
    pageSize: PAGE_SIZE,
    ...(read === 'all' ? {} : { read }),
    ...(keyword ? { keyword } : {}),
    ...(days?.[0] ? { dateFrom: days[0].format('YYYY-MM-DD') } : {}),
    ...(days?.[1] ? { dateTo: days[1].format('YYYY-MM-DD') } : {}),
  };
  const list = useQuery(messageQueries.mine(query, language));

  const changed = async () => {
    raiseReadFlag();
    await refreshMine(client);
  };
  const mark = useMutation({
    mutationFn: ({ ids, all }: { ids?: number[]; all?: boolean }) => (all ? messagesApi.markAllRead() : messagesApi.markRead(ids!)),
    onSuccess: async ({ count }) => {
      setSelected([]);
      message.success(t('messages:list.marked', { count }));
      await changed();
    },
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => messagesApi.remove(ids),
    onSuccess: async ({ count }) => {
      setSelected([]);
      close();
      message.success(t('messages:list.deleted', { count }));
      await changed();
    },
  });

  // The notification shown is in the URL (/Notifications?open=<id>, as the bell opens it): opening marks it read.
  const openParam = params.get('open');
  const openId = openParam && /^\d{1,15}$/.test(openParam) ? Number(openParam) : undefined;
  const shownQuery = useQuery({
    queryKey: messageQueries.oneKey(openId, language),
    enabled: openId !== undefined,
    retry: false,
    queryFn: async () => {
      const item = await messagesApi.one(openId!, language);
      if (item.userread_flag === '0') {
        await messagesApi.markRead([item.id]);
        await changed();
      }
      return item;
    },
  });
  const shown = openId !== undefined ? shownQuery.data : undefined;
  const open = (id: number) =>
    setParams((current) => {
      current.set('open', String(id));
      return current;
    });
  const close = () =>
    setParams(
      (current) => {
        current.delete('open');
        return current;
      },
      { replace: true },
    );

  const columns: ResponsiveColumn<Notification>[] = [
    {
      key: 'msgtitle',
      title: t('messages:fields.title'),
      card: 'title',
      render: (_, row) => (
        <Button
          type="link"
          className={row.userread_flag === '0' ? 'notifications__unread' : undefined}
          onClick={() => open(row.id)}
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
        >
          {row.userread_flag === '0' ? <Badge status="processing" /> : null} {row.msgtitle}
        </Button>
      ),
    },
    {
      key: 'content',
      title: t('messages:fields.content'),
      render: (_, row) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
          {row.content}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'state',
      title: t('messages:fields.state'),
      card: 'status',
      width: 110,
      render: (_, row) =>
        row.userread_flag === '0' ? <Tag color="blue">{t('messages:read.unread')}</Tag> : <Tag>{t('messages:read.read')}</Tag>,
    },
    {
      key: 'sender',
      title: t('messages:fields.sender'),
      dataIndex: 'sender',
      width: 160,
      // A notice the portal wrote itself (a generated report's) has no person behind it.
      render: (sender: string | null) => sender || t('messages:fields.systemSender'),
    },
    { key: 'publish_time', title: t('messages:fields.publishTime'), width: 180, render: (_, row) => format.dateTime(row.publish_time) },
    {
      key: 'actions',
      title: t('messages:fields.actions'),
      card: 'actions',
      width: 120,
      render: (_, row) => (
        <Space>
          <Button size="small" icon={<EyeOutlined />} onClick={() => open(row.id)} aria-label={t('messages:actions.open')} />
          <ReportDownloadButton reportId={row.report_id} />
          <Popconfirm title={t('messages:actions.deleteConfirm', { count: 1 })} onConfirm={() => remove.mutate([row.id])}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('messages:actions.delete')} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('messages:list.title')} data-testid="notifications-page">
      <div className="notifications__filters">
        <Segmented<ReadFilter>
          value={read}
          onChange={(value) => {
            setRead(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('messages:read.all') },
            { value: 'unread', label: t('messages:read.unread') },
            { value: 'read', label: t('messages:read.read') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('messages:list.search')}
          style={{ width: 240 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
          data-testid="notifications-search"
        />
        <DatePicker.RangePicker
          value={days}
          onChange={(value) => {
            setDays(value);
            setPage(1);
          }}
          style={{ width: 260 }}
        />
      </div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          onClick={() => mark.mutate({ all: true })}
          disabled={!list.data?.unreadCount}
          loading={mark.isPending}
          data-testid="notifications-mark-all"
        >
          {t('messages:actions.markAllRead')}
        </Button>
        <Button onClick={() => mark.mutate({ ids: selected })} disabled={!selected.length}>
          {t('messages:actions.markSelectedRead')}
        </Button>
        <Popconfirm
          title={t('messages:actions.deleteConfirm', { count: selected.length })}
          onConfirm={() => remove.mutate(selected)}
          disabled={!selected.length}
        >
          <Button danger disabled={!selected.length}>
            {t('messages:actions.deleteSelected')}
          </Button>
        </Popconfirm>
        <Typography.Text type="secondary">{t('messages:list.unreadCount', { count: list.data?.unreadCount ?? 0 })}</Typography.Text>
      </Space>
      <ResponsiveTable
        tableId="notifications"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.dataCount ?? 0, onChange: setPage, showSizeChanger: false }}
        locale={{ emptyText: t('messages:list.empty') }}
      />
      <Modal
        open={!!shown}
        title={shown?.msgtitle}
        onCancel={close}
        footer={[
          <ReportDownloadButton key="download" reportId={shown?.report_id} size="middle" />,
          <Popconfirm
            key="delete"
            title={t('messages:actions.deleteConfirm', { count: 1 })}
            onConfirm={() => shown && remove.mutate([shown.id])}
          >
            <Button danger>{t('messages:actions.delete')}</Button>
          </Popconfirm>,
          <Button key="close" type="primary" onClick={close}>
            {t('messages:actions.close')}
          </Button>,
        ]}
      >
        {shown ? (
          <>
            <Typography.Paragraph type="secondary">
              {shown.sender ? `${shown.sender} · ` : ''}
              {format.dateTime(shown.publish_time)}
            </Typography.Paragraph>
            <Typography.Paragraph className="notifications__body" data-testid="notification-body">
              {shown.content}
            </Typography.Paragraph>
          </>
        ) : null}
      </Modal>
    </Card>
  );
}
