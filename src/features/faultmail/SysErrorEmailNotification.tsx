import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, List, Modal, Popconfirm, Segmented, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { countryOptions } from '../../../contract/countries';
import { type DeliveryRow, type SubscriptionBody, type SubscriptionRow } from '../../../contract/faultmail';
import { ALL, DELIVERY_STATES, SUBSCRIPTION_LEVELS, type DeliveryState } from '../../../contract/faultmail-constants';
import { session } from '../../api/session';
import { useFormat } from '../../i18n/format';
import { useScreens } from '../../ui/useScreens';
import { accountKeys, getProfile } from '../account/api';
import { faultTitle } from '../../../contract/fault-codes';
import { faultMailApi, faultMailQueries, refreshFaultMail } from './api';

const STATE_COLORS: Record<DeliveryState, string> = { sent: 'success', waiting: 'processing', failed: 'error' };

/** sysErrorEmailNotification (servicer only): the engineer's fault mail subscriptions and the log of what was sent. */
export default function SysErrorEmailNotification() {
  const { t } = useTranslation('faultmail');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'log' ? 'log' : 'subscriptions';
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu:sysErrorEmailNotification')}
        </Typography.Title>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'log' ? { tab: 'log' } : {}, { replace: true })}
        items={[
          { key: 'subscriptions', label: t('tabs.subscriptions'), children: <Subscriptions /> },
          { key: 'log', label: t('tabs.log'), children: <DeliveryLog /> },
        ]}
      />
    </Card>
  );
}

function useLabels() {
  const { t, i18n } = useTranslation('faultmail');
  const countries = useMemo(() => new Map(countryOptions(i18n.language).map((o) => [o.value as string, o.label])), [i18n.language]);
  return {
    country: (code: string) => (code === ALL ? t('all') : (countries.get(code) ?? code)),
    level: (level: string) => (level === ALL ? t('all') : t(`levels.${level}`)),
    plain: (value: string) => (value === ALL ? t('all') : value),
  };
}

function Subscriptions() {
  const { t } = useTranslation('faultmail');
  const { message } = App.useApp();
  const format = useFormat();
  const screens = useScreens();
  const client = useQueryClient();
  const labels = useLabels();
  const [editing, setEditing] = useState<SubscriptionRow | 'new' | undefined>();
  const list = useQuery(faultMailQueries.subscriptions());
  const remove = useMutation({
    mutationFn: faultMailApi.remove,
    onSuccess: async () => {
      void message.success(t('deleted'));
      await refreshFaultMail(client);
    },
  });

  const actions = (row: SubscriptionRow) => (
    <Space size={0}>
      <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(row)} aria-label={t('editShort')}>
        {screens.md ? t('editShort') : null}
      </Button>
      <Popconfirm title={t('deleteConfirm')} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => remove.mutateAsync(row.id)}>
        <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('delete')}>
          {screens.md ? t('delete') : null}
        </Button>
      </Popconfirm>
    </Space>
  );
  const columns: ColumnsType<SubscriptionRow> = [
    { key: 'country', title: t('fields.country'), render: (_, r) => labels.country(r.country) },
    { key: 'model', title: t('fields.model'), render: (_, r) => labels.plain(r.model) },
    { key: 'level', title: t('fields.level'), render: (_, r) => labels.level(r.level) },
    { key: 'fault_code', title: t('fields.fault_code'), render: (_, r) => labels.plain(r.fault_code) },
    { key: 'created_at', title: t('fields.created_at'), render: (_, r) => format.date(r.created_at) },
    { key: 'actions', title: t('actions'), render: (_, r) => actions(r) },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
        {t('add')}
      </Button>
      {screens.md ? (
        <Table
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isLoading}
          pagination={false}
          locale={{ emptyText: t('empty') }}
        />
      ) : (
        <List
          loading={list.isLoading}
          dataSource={list.data ?? []}
          locale={{ emptyText: t('empty') }}
          renderItem={(row) => (
            <List.Item actions={[actions(row)]}>
              <List.Item.Meta
                title={`${labels.country(row.country)} · ${labels.plain(row.model)}`}
                description={`${t('fields.level')}: ${labels.level(row.level)} · ${t('fields.fault_code')}: ${labels.plain(row.fault_code)}`}
              />
            </List.Item>
          )}
        />
      )}
      {editing && <SubscriptionForm row={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </Space>
  );
}

function SubscriptionForm({ row, onClose }: { row?: SubscriptionRow; onClose: () => void }) {
  const { t, i18n } = useTranslation('faultmail');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<SubscriptionBody>();
  const options = useQuery(faultMailQueries.options());
  const names = useMemo(() => new Map(countryOptions(i18n.language).map((o) => [o.value as string, o.label])), [i18n.language]);
  const all = { value: ALL, label: t('all') };
  const save = useMutation({
    mutationFn: (values: SubscriptionBody) => faultMailApi.save(row ? { ...values, id: row.id } : values),
    onSuccess: async () => {
      void message.success(t('saved'));
      await refreshFaultMail(client);
      onClose();
    },
  });
  const initial: SubscriptionBody = row
    ? {
        country: row.country as SubscriptionBody['country'],
        model: row.model,
        level: row.level as SubscriptionBody['level'],
        fault_code: row.fault_code,
      }
    : { country: ALL, model: ALL, level: ALL, fault_code: ALL };
  return (
    <Modal
      open
      title={row ? t('edit') : t('add')}
      okText={t('save')}
      cancelText={t('cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      maskClosable={false}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => save.mutate(values)}>
        <Form.Item name="country" label={t('fields.country')} rules={[{ required: true, message: t('validation.country') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={[all, ...(options.data?.countries ?? []).map((code) => ({ value: code, label: names.get(code) ?? code }))]}
          />
        </Form.Item>
        <Form.Item name="model" label={t('fields.model')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select showSearch options={[all, ...(options.data?.models ?? []).map((m) => ({ value: m, label: m }))]} />
        </Form.Item>
        <Form.Item name="level" label={t('fields.level')} rules={[{ required: true, message: t('validation.level') }]}>
          <Select options={[all, ...SUBSCRIPTION_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) }))]} />
        </Form.Item>
        <Form.Item name="fault_code" label={t('fields.fault_code')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={[
              all,
              ...(options.data?.fault_codes ?? []).map((f) => ({
                value: f.code,
                label: `${f.code} · ${faultTitle(t, f)}`,
              })),
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeliveryLog() {
  const { t } = useTranslation('faultmail');
  const format = useFormat();
  const screens = useScreens();
  const [state, setState] = useState<DeliveryState | 'all'>('all');
  const [page, setPage] = useState(() => ({ pageIndex: 1, pageSize: session.getListPageSize(20) }));
  const body = { ...page, ...(state === 'all' ? {} : { state }) };
  const log = useQuery(faultMailQueries.log(body));
  const profile = useQuery({ queryKey: accountKeys.profile(), queryFn: async () => (await getProfile()).data });
  const profileHasNoAddress = profile.data !== undefined && !String(profile.data?.email ?? '').trim();

  const stateTag = (row: DeliveryRow) => <Tag color={STATE_COLORS[row.state]}>{t(`log.states.${row.state}`)}</Tag>;
  const details = (row: DeliveryRow) => {
    if (row.state === 'sent') return t('log.sentAt', { time: format.dateTime(row.sent_at) });
    const parts = [
      row.reason,
      row.state === 'waiting' && row.next_attempt_at ? t('log.nextAttempt', { time: format.dateTime(row.next_attempt_at) }) : null,
    ];
    return parts.filter(Boolean).join(' · ');
  };
  const columns: ColumnsType<DeliveryRow> = [
    { key: 'created_at', title: t('log.created_at'), width: 170, render: (_, r) => format.dateTime(r.created_at) },
    { key: 'system', title: t('log.system'), width: 150, render: (_, r) => r.sys_sn ?? t('log.digest') },
    { key: 'subject', title: t('log.subject'), render: (_, r) => r.subject },
    { key: 'state', title: t('log.state'), width: 130, render: (_, r) => stateTag(r) },
    {
      key: 'reason',
      title: t('log.reason'),
      render: (_, r) => <Typography.Text type={r.state === 'failed' ? 'danger' : undefined}>{details(r)}</Typography.Text>,
    },
    { key: 'attempts', title: t('log.attempts'), width: 90, align: 'right', render: (_, r) => format.number(r.attempts, 0) },
  ];
  const pagination = {
    current: page.pageIndex,
    pageSize: page.pageSize,
    total: log.data?.dataCount ?? 0,
    showSizeChanger: screens.md,
    onChange: (pageIndex: number, pageSize: number) => setPage({ pageIndex, pageSize }),
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {profileHasNoAddress && <Alert type="warning" message={t('noAddress')} />}
      <Segmented
        value={state}
        onChange={(value) => {
          setState(value as DeliveryState | 'all');
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
        options={(['all', ...DELIVERY_STATES] as const).map((value) => ({ value, label: t(`log.states.${value}`) }))}
      />
      {screens.md ? (
        <Table
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={log.data?.data ?? []}
          loading={log.isLoading}
          pagination={pagination}
          locale={{ emptyText: t('log.empty') }}
        />
      ) : (
        <List
          loading={log.isLoading}
          dataSource={log.data?.data ?? []}
          locale={{ emptyText: t('log.empty') }}
          pagination={{ ...pagination, size: 'small', simple: true }}
          renderItem={(row) => (
            <List.Item>
              <Space direction="vertical" size={2} style={{ width: '100%', minWidth: 0 }}>
                <Space wrap size={4}>
                  {stateTag(row)}
                  <Typography.Text type="secondary">{format.dateTime(row.created_at)}</Typography.Text>
                </Space>
                <Typography.Text strong style={{ wordBreak: 'break-word' }}>
                  {row.subject}
                </Typography.Text>
                <Typography.Text type={row.state === 'failed' ? 'danger' : 'secondary'} style={{ wordBreak: 'break-word' }}>
                  {details(row)}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
