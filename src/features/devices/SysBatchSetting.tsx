import { CloseCircleOutlined, EyeOutlined, PlusOutlined, RedoOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { COMMAND_STATES, isOpenState, type CommandState } from '../../../contract/device-commands';
import type { BatchRow } from '../../../contract/devices';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { useMenuTitle } from '../../routing/useMenuOverrides';
import { PageCard } from '../../ui/PageCard';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { useScreens } from '../../ui/useScreens';
import { devicesApi, devicesQueries, refreshDevices } from './api';
import { BatchForm } from './BatchForm';
import { BatchProgress, batchCounts } from './BatchProgress';
import { callErrorText, commandLabel, paramsText } from './catalogue';
import { CommandTable } from './CommandTable';
import './devices.css';

const LIVE_MS = 2000;
const STATUS_COLORS: Record<BatchRow['status'], string> = {
  scheduled: 'default',
  running: 'processing',
  finished: 'success',
  canceled: 'warning',
};
const isLive = (batch: BatchRow) => batch.status === 'scheduled' || batch.status === 'running';

/**
 * /energyStorageSysMaintenance/sysBatchSetting: batches of one command to many systems, with their progress per
 * state, read again every 2 s while one is running; a new batch (previewed before it is sent) and a batch's page
 * (?batch=<id>) with its systems, Cancel and 'Retry the failed'.
 */
export default function SysBatchSetting() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const can = useCanAccess();
  const screens = useScreens();
  const menuTitle = useMenuTitle({ load: false });
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('batch')) || undefined;
  const creating = params.get('view') === 'create';
  const show = (next: Record<string, string | number>) =>
    setParams(() => new URLSearchParams(Object.entries(next).map(([k, v]) => [k, String(v)])));
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const list = useQuery({
    ...devicesQueries.batches(page.pageIndex, page.pageSize),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.data.some(isLive) ? LIVE_MS : false),
  });

  const columns: ResponsiveColumn<BatchRow>[] = [
    {
      key: 'command',
      title: t('devices:list.command'),
      card: 'title',
      render: (_, b) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>
            #{b.id} {commandLabel(t, b.command)}
          </Typography.Text>
          <Typography.Text type="secondary" className="device-params-text">
            {paramsText(t, fmt, b.command, b.params)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('devices:batch.status'),
      card: 'status',
      render: (_, b) => <Tag color={STATUS_COLORS[b.status]}>{t(`devices:batchStatus.${b.status}`)}</Tag>,
    },
    { key: 'progress', title: t('devices:batch.progress'), render: (_, b) => <BatchProgress batch={b} /> },
    { key: 'by', title: t('devices:list.sender'), render: (_, b) => b.requested_by ?? '–' },
    {
      key: 'start',
      title: t('devices:batch.startAt'),
      render: (_, b) => <span className="text-nowrap">{fmt.dateTime(b.start_at)}</span>,
    },
    {
      key: 'rate',
      title: t('devices:batch.rate'),
      defaultHidden: true,
      render: (_, b) => `${fmt.number(b.rate_per_minute, 0)} ${t('devices:batch.perMinute')}`,
    },
    { key: 'remark', title: t('devices:batch.remark'), defaultHidden: true, render: (_, b) => b.remark || '–' },
    {
      key: 'actions',
      title: t('devices:list.actions'),
      card: 'actions',
      fixed: 'right',
      render: (_, b) => (
        <Button size="small" icon={<EyeOutlined />} onClick={() => show({ batch: b.id })}>
          {t('devices:list.details')}
        </Button>
      ),
    },
  ];

  return (
    <PageCard
      title={menuTitle('sysBatchSetting')}
      actions={
        can('commandBatch', 'create') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => show({ view: 'create' })}>
            {t('devices:batch.new')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('devices:batch.intro')}</Typography.Paragraph>
      <ResponsiveTable<BatchRow>
        tableId="sysBatchSetting"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isLoading}
        locale={{ emptyText: t('devices:batch.empty') }}
        pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: list.data?.dataCount ?? 0, hideOnSinglePage: true }}
        onChange={(p) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
      />
      <Drawer
        open={creating && can('commandBatch', 'create')}
        onClose={() => show({})}
        title={t('devices:batch.new')}
        width={screens.md ? 720 : '100%'}
        destroyOnHidden
      >
        <BatchForm
          onCreated={(batch) => {
            void refreshDevices(queryClient);
            show({ batch: batch.id });
          }}
        />
      </Drawer>
      <BatchDrawer id={open} onClose={() => show({})} />
    </PageCard>
  );
}

/** One batch: its progress, its systems by state, Cancel and 'Retry the failed'; read again while it runs. */
function BatchDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const can = useCanAccess();
  const screens = useScreens();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [states, setStates] = useState<CommandState[]>([]);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const batch = useQuery({
    ...devicesQueries.batch(id ?? 0),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data && isLive(query.state.data) ? LIVE_MS : false),
  });
  const live = !!batch.data && isLive(batch.data);
  const systems = useQuery({
    ...devicesQueries.batchSystems({ id: id ?? 0, ...page, ...(states.length ? { states } : {}) }),
    enabled: id !== undefined,
    placeholderData: (previous) => previous,
    // Also while a row it shows is open: the batch may finish between two reads, and its last rows must end as it did.
    refetchInterval: (query) => (live || query.state.data?.data.some((row) => isOpenState(row.state)) ? LIVE_MS : false),
  });
  const done = (text: string) => {
    void message.success(text);
    void refreshDevices(queryClient);
  };
  const onError = (error: unknown) => void message.error(callErrorText(t, error));
  const cancel = useMutation({ mutationFn: devicesApi.cancelBatch, onSuccess: () => done(t('devices:batch.canceled')), onError });
  const retry = useMutation({ mutationFn: devicesApi.retryFailed, onSuccess: () => done(t('devices:batch.retried')), onError });
  const b = batch.data;
  const failed = b ? batchCounts(b).failed : 0;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      width={screens.lg ? 960 : '100%'}
      destroyOnHidden
      title={b ? `#${b.id} ${commandLabel(t, b.command)}` : t('devices:list.details')}
      extra={
        b &&
        can('commandBatch', 'update') && (
          <Space wrap>
            {live && (
              <Popconfirm
                title={t('devices:batch.cancelConfirm')}
                okText={t('devices:batch.cancel')}
                cancelText={t('devices:keep')}
                onConfirm={() => cancel.mutate(b.id)}
              >
                <Button danger icon={<CloseCircleOutlined />} loading={cancel.isPending}>
                  {t('devices:batch.cancel')}
                </Button>
              </Popconfirm>
            )}
            {failed > 0 && (
              <Button icon={<RedoOutlined />} loading={retry.isPending} onClick={() => retry.mutate(b.id)}>
                {t('devices:batch.retryFailed', { n: fmt.number(failed, 0) })}
              </Button>
            )}
          </Space>
        )
      }
    >
      {b && (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              {
                key: 'status',
                label: t('devices:batch.status'),
                children: <Tag color={STATUS_COLORS[b.status]}>{t(`devices:batchStatus.${b.status}`)}</Tag>,
              },
              { key: 'progress', label: t('devices:batch.progress'), children: <BatchProgress batch={b} /> },
              { key: 'params', label: t('devices:detail.params'), children: paramsText(t, fmt, b.command, b.params) || '–' },
              { key: 'by', label: t('devices:list.sender'), children: b.requested_by ?? '–' },
              { key: 'start', label: t('devices:batch.startAt'), children: fmt.dateTime(b.start_at) },
              {
                key: 'rate',
                label: t('devices:batch.rate'),
                children: `${fmt.number(b.rate_per_minute, 0)} ${t('devices:batch.perMinute')}`,
              },
              ...(b.remark ? [{ key: 'remark', label: t('devices:batch.remark'), children: b.remark }] : []),
            ]}
          />
          <Space wrap size={[4, 4]} style={{ margin: '12px 0' }}>
            {COMMAND_STATES.filter((s) => (b.counts[s] ?? 0) > 0).map((s) => (
              <Tag key={s}>{`${t(`devices:state.${s}`)}: ${fmt.number(b.counts[s] ?? 0, 0)}`}</Tag>
            ))}
          </Space>
          <div style={{ marginBottom: 12 }}>
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 240 }}
              placeholder={t('devices:list.state')}
              aria-label={t('devices:list.state')}
              value={states}
              onChange={(next) => {
                setStates(next);
                setPage((p) => ({ ...p, pageIndex: 1 }));
              }}
              options={COMMAND_STATES.map((s) => ({ value: s, label: t(`devices:state.${s}`) }))}
            />
          </div>
          <CommandTable
            tableId="batchSystems"
            rows={systems.data?.data ?? []}
            loading={systems.isLoading}
            pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: systems.data?.dataCount ?? 0, hideOnSinglePage: true }}
            onChange={(p) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
          />
        </>
      )}
    </Drawer>
  );
}
