import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Progress, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryLabel } from '../../../contract/countries';
import { LANGUAGES } from '../../../contract/languages';
import type { Audience } from '../../../contract/messages';
import { useFormat } from '../../i18n/format';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { messageQueries, messagesApi, refreshMessages, type DistributedMessage, type MessageListQuery } from './api';
import { MessageForm } from './MessageForm';
import './messages.css';

const PAGE_SIZE = 20;
type StateFilter = 'all' | NonNullable<MessageListQuery['status']>;
const STATE_COLORS: Record<string, string> = { draft: 'default', scheduled: 'gold', published: 'green', recalled: 'red' };
/** A recalled message never published was a cancelled scheduled one. */
const stateKey = (row: DistributedMessage) => (row.status === 'recalled' && !row.published_at ? 'cancelled' : row.status);

/**
 * /OtherInformation/infoDistributionSys: the messages staff write for the portal's users. The list shows
 * each one's state (draft, scheduled, published), audience, time, how many received and read it; a new one or a
 * draft / scheduled one opens the form; a scheduled one can be withdrawn (back to draft), a draft deleted. Its
 * publisher (or an admin) recalls a published message or cancels a scheduled one, after confirming: it disappears
 * from every recipient's bell and list, and the list shows it as recalled (cancelled), by whom and when.
 */
export default function InfoDistribution() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const format = useFormat();
  const client = useQueryClient();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [status, setStatus] = useState<StateFilter>('all');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DistributedMessage | 'new'>();

  const query = { pageIndex: page, pageSize: PAGE_SIZE, ...(status === 'all' ? {} : { status }), ...(keyword ? { keyword } : {}) };
  const list = useQuery(messageQueries.distributed(query, language));
  const refresh = () => refreshMessages(client);

  const withdraw = useMutation({
    mutationFn: (id: number) => messagesApi.withdraw(id),
    onSuccess: async () => {
      message.success(t('messages:distribution.withdrawn'));
      await refresh();
    },
  });
  const recall = useMutation({
    mutationFn: (id: number) => messagesApi.recall(id),
    onSuccess: async (answer, id) => {
      const cancelled = list.data?.data.find((m) => m.id === id)?.status === 'scheduled';
      if (cancelled) message.success(t('messages:distribution.cancelled'));
      else if (answer.count > 0) message.success(t('messages:distribution.recalledMails', { count: answer.count }));
      else message.success(t('messages:distribution.recalled'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => messagesApi.removeMessage(id),
    onSuccess: async () => {
      message.success(t('messages:distribution.deleted'));
      await refresh();
    },
  });

  const audienceText = (audience: Audience) => {
    if (audience.everyone) return t('messages:audience.everyone');
    const parts: string[] = [];
    if (audience.roles?.length) parts.push(audience.roles.map((r) => t(`common:role.${r}`)).join(', '));
    if (audience.countries?.length) parts.push(audience.countries.map((c) => countryLabel(c, language)).join(', '));
    if (audience.models?.length) parts.push(`${t('messages:audience.models')}: ${audience.models.join(', ')}`);
    if (audience.firmwareVersions?.length) parts.push(`${t('messages:audience.firmware')}: ${audience.firmwareVersions.join(', ')}`);
    if (audience.userIds?.length) parts.push(t('messages:audience.namedCount', { count: audience.userIds.length }));
    return parts.join(' · ') || t('messages:audience.loginPageOnly');
  };

  const columns: ResponsiveColumn<DistributedMessage>[] = [
    {
      key: 'title',
      title: t('messages:fields.title'),
      card: 'title',
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          <Typography.Text strong>{row.title}</Typography.Text>
          <Space size={4} wrap>
            {LANGUAGES.filter(({ code }) => row.titles[code]).map(({ code }) => (
              <Tag key={code} bordered={false}>
                {code.toUpperCase()}
              </Tag>
            ))}
            {row.public_notice ? <Tag color="orange">{t('messages:distribution.publicNotice')}</Tag> : null}
            {row.by_email ? <Tag color="cyan">{t('messages:distribution.byEmail')}</Tag> : null}
          </Space>
          {row.status === 'recalled' ? (
            <Typography.Text type="secondary" className="distribution__recalled" data-testid="distribution-recalled">
              {t(stateKey(row) === 'cancelled' ? 'messages:distribution.cancelledBy' : 'messages:distribution.recalledBy', {
                name: row.recalled_by || '–',
                time: format.dateTime(row.recalled_at),
              })}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('messages:fields.state'),
      card: 'status',
      width: 110,
      render: (_, row) => <Tag color={STATE_COLORS[row.status]}>{t(`messages:state.${stateKey(row)}`)}</Tag>,
    },
    { key: 'audience', title: t('messages:fields.audience'), render: (_, row) => audienceText(row.audience as Audience) },
    {
      key: 'time',
      title: t('messages:fields.publishTime'),
      width: 170,
      render: (_, row) => format.dateTime(row.published_at ?? row.publish_at),
    },
    {
      key: 'reach',
      title: t('messages:fields.reach'),
      width: 170,
      render: (_, row) =>
        row.status === 'published' ? (
          <div>
            <Typography.Text>
              {t('messages:distribution.readOf', { read: format.number(row.read_count, 0), total: format.number(row.recipient_count, 0) })}
            </Typography.Text>
            <Progress percent={row.recipient_count ? Math.round((100 * row.read_count) / row.recipient_count) : 0} size="small" />
          </div>
        ) : (
          '–'
        ),
    },
    { key: 'created_by', title: t('messages:fields.author'), dataIndex: 'created_by', width: 140, defaultHidden: true },
    {
      key: 'actions',
      title: t('messages:fields.actions'),
      card: 'actions',
      width: 190,
      render: (_, row) => (
        <Space wrap>
          <Button size="small" onClick={() => setEditing(row)} data-testid="distribution-open">
            {row.status === 'published' || row.status === 'recalled' ? t('messages:actions.view') : t('messages:actions.edit')}
          </Button>
          {row.status === 'scheduled' ? (
            <Popconfirm title={t('messages:distribution.withdrawConfirm')} onConfirm={() => withdraw.mutate(row.id)}>
              <Button size="small">{t('messages:actions.withdraw')}</Button>
            </Popconfirm>
          ) : null}
          {row.can_recall ? (
            <Popconfirm
              title={row.status === 'scheduled' ? t('messages:distribution.cancelConfirm') : t('messages:distribution.recallConfirm')}
              description={row.status === 'scheduled' ? undefined : t('messages:distribution.recallConfirmText')}
              okText={row.status === 'scheduled' ? t('messages:actions.cancelPublication') : t('messages:actions.recall')}
              okButtonProps={{ danger: true, loading: recall.isPending }}
              onConfirm={() => recall.mutateAsync(row.id).catch(() => undefined)}
            >
              <Button size="small" danger data-testid="distribution-recall">
                {row.status === 'scheduled' ? t('messages:actions.cancelPublication') : t('messages:actions.recall')}
              </Button>
            </Popconfirm>
          ) : null}
          {row.status === 'draft' ? (
            <Popconfirm title={t('messages:actions.deleteConfirm', { count: 1 })} onConfirm={() => remove.mutate(row.id)}>
              <Button size="small" danger>
                {t('messages:actions.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('menu:infoDistributionSys')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="distribution-new">
          {t('messages:distribution.new')}
        </Button>
      }
    >
      <div className="notifications__filters">
        <Segmented<StateFilter>
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={(['all', 'draft', 'scheduled', 'published', 'recalled'] as const).map((value) => ({
            value,
            label: value === 'all' ? t('messages:read.all') : t(`messages:state.${value}`),
          }))}
        />
        <Input.Search
          allowClear
          placeholder={t('messages:list.search')}
          style={{ width: 240 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
      </div>
      <ResponsiveTable
        tableId="infoDistribution"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        columns={columns}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.dataCount ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      {editing ? (
        <MessageForm
          message={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={async () => {
            setEditing(undefined);
            await refresh();
          }}
        />
      ) : null}
    </Card>
  );
}
