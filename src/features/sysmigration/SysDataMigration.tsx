import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, AutoComplete, Button, Card, Descriptions, Form, Input, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MigrationPreview, MigrationRow, MigrationState } from '../../../contract/sys-migration';
import { migrationCalls } from '../../../contract/sys-migration-calls';
// A refusal (45, 59, 85, 110 …) is shown by the /api client with its code's message.
import { areaKey, call, endpointQuery } from '../../api/call';
import { useCanAccess } from '../../auth/ability';
import { MISSING, useFormat } from '../../i18n/format';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { useScreens } from '../../ui/useScreens';

const STATE_COLORS: Record<MigrationState, string> = {
  queued: 'default',
  running: 'processing',
  moved: 'warning',
  confirmed: 'success',
  reverting: 'processing',
  reverted: 'default',
};
/** States the job is working in: the migration is read again every two seconds meanwhile. */
const WORKING: readonly MigrationState[] = ['queued', 'running', 'reverting'];

interface Pair {
  old_sn: string;
  new_sn: string;
}

/** An S/N field that offers the systems in scope matching what is typed (marked when being moved). */
function SnPicker({ value, onChange, placeholder }: { value?: string; onChange?: (v: string) => void; placeholder: string }) {
  const { t } = useTranslation('sysmigration');
  const text = (value ?? '').trim().slice(0, 64);
  const found = useQuery({ ...endpointQuery(migrationCalls.systems, { text }), enabled: text.length >= 2, staleTime: 30_000 });
  const options = (found.data ?? []).map((s) => ({
    value: s.sys_sn,
    label: (
      <Space>
        <span>{s.sys_sn}</span>
        {s.sys_name && <Typography.Text type="secondary">{s.sys_name}</Typography.Text>}
        {s.moving && <Tag color="orange">{t('beingMoved')}</Tag>}
      </Space>
    ),
  }));
  return (
    <AutoComplete value={value} onChange={onChange} options={options} style={{ width: 260, maxWidth: '100%' }}>
      <Input maxLength={64} placeholder={placeholder} allowClear />
    </AutoComplete>
  );
}

/** Rows moved of the rows to move, in all and per kind. */
function MigrationProgress({ migration }: { migration: MigrationRow }) {
  const { t } = useTranslation('sysmigration');
  const fmt = useFormat();
  const pct = (moved: number, total: number) => (total ? Math.round((moved / total) * 100) : 100);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Progress percent={pct(migration.moved, migration.total)} aria-label={t('progress')} />
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
        {migration.kinds.map((k) => (
          <Descriptions.Item key={k.kind} label={t(`kinds.${k.kind}`)}>
            {fmt.number(k.moved, 0)} / {fmt.number(k.total, 0)}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Space>
  );
}

/**
 * /energyStorageSysMaintenance/sysDataMigration (admin, servicer, dasw): a replaced system's history moved to the
 * system that replaced it. Pick the old and the new S/N, see what would move, start; the progress shows while the job
 * runs; then confirm (final) or revert (every row back). Below, the migrations so far with their state, who and when.
 */
export default function SysDataMigration() {
  const { t } = useTranslation('sysmigration');
  const fmt = useFormat();
  const can = useCanAccess();
  const screens = useScreens();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Pair>();
  const [preview, setPreview] = useState<MigrationPreview | null>(null);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const [search, setSearch] = useState('');

  const current = useQuery({
    ...endpointQuery(migrationCalls.one, { id: currentId ?? 0 }),
    enabled: currentId !== null,
    refetchInterval: (q) => (q.state.data && WORKING.includes(q.state.data.state) ? 2_000 : false),
  });
  const list = useQuery({
    ...endpointQuery(migrationCalls.list, { ...page, ...(search ? { sn: search } : {}) }),
    refetchInterval: (q) => (q.state.data?.data.some((m) => WORKING.includes(m.state)) ? 5_000 : false),
  });
  const refresh = () => client.invalidateQueries({ queryKey: areaKey(migrationCalls.list) });

  const ask = useMutation({ mutationFn: (pair: Pair) => call(migrationCalls.preview, pair), onSuccess: setPreview });
  const start = useMutation({
    mutationFn: (pair: Pair) => call(migrationCalls.start, pair),
    onSuccess: (row) => {
      setPreview(null);
      setCurrentId(row.id);
      void message.success(t('started', { id: row.id }));
      void refresh();
    },
  });
  const finish = useMutation({
    mutationFn: ({ id, how }: { id: number; how: 'confirm' | 'revert' }) => call(migrationCalls[how], { id }),
    onSuccess: (row) => {
      setCurrentId(row.id);
      void refresh();
    },
  });

  const actions = (m: MigrationRow) =>
    can('dataMigration', 'update') && (
      <Space>
        {m.state === 'moved' && (
          <Popconfirm title={t('confirmQuestion')} onConfirm={() => finish.mutate({ id: m.id, how: 'confirm' })}>
            <Button type="primary" size="small">
              {t('confirm')}
            </Button>
          </Popconfirm>
        )}
        {(m.state === 'moved' || (m.error && (m.state === 'queued' || m.state === 'running'))) && (
          <Popconfirm title={t('revertQuestion')} onConfirm={() => finish.mutate({ id: m.id, how: 'revert' })}>
            <Button danger size="small">
              {t('revert')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    );

  const columns: ResponsiveColumn<MigrationRow>[] = [
    { key: 'id', title: t('columns.id'), dataIndex: 'id', width: 70, card: 'hidden' },
    {
      key: 'pair',
      title: `${t('columns.old_sn')} → ${t('columns.new_sn')}`,
      card: 'title',
      render: (_: unknown, m) => `${m.old_sn} → ${m.new_sn}`,
    },
    {
      key: 'state',
      title: t('columns.state'),
      dataIndex: 'state',
      card: 'status',
      render: (s: MigrationState) => <Tag color={STATE_COLORS[s]}>{t(`states.${s}`)}</Tag>,
    },
    {
      key: 'rows',
      title: t('columns.rows'),
      align: 'right',
      render: (_: unknown, m) => `${fmt.number(m.moved, 0)} / ${fmt.number(m.total, 0)}`,
    },
    { key: 'created', title: t('columns.created'), render: (_: unknown, m) => `${m.created_by} · ${fmt.dateTime(m.created_at)}` },
    {
      key: 'finished',
      title: t('columns.finished'),
      render: (_: unknown, m) => (m.finished_at ? `${m.finished_by ?? MISSING} · ${fmt.dateTime(m.finished_at)}` : MISSING),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      card: 'actions',
      render: (_: unknown, m) => (
        <Space>
          <Button size="small" onClick={() => setCurrentId(m.id)}>
            {t('show')}
          </Button>
          {actions(m)}
        </Space>
      ),
    },
  ];

  const shown = current.data;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {can('dataMigration', 'create') && (
        <Card title={t('newMigration')}>
          <Typography.Paragraph type="secondary">{t('explain')}</Typography.Paragraph>
          <Form
            form={form}
            layout={screens.sm === false ? 'vertical' : 'inline'}
            onFinish={(pair) => ask.mutate(pair)}
            onValuesChange={() => setPreview(null)}
            style={{ rowGap: 12 }}
          >
            <Form.Item name="old_sn" label={t('oldSn')} rules={[{ required: true, whitespace: true, max: 64 }]}>
              <SnPicker placeholder={t('snPlaceholder')} />
            </Form.Item>
            <Form.Item name="new_sn" label={t('newSn')} rules={[{ required: true, whitespace: true, max: 64 }]}>
              <SnPicker placeholder={t('snPlaceholder')} />
            </Form.Item>
            <Form.Item>
              <Button htmlType="submit" loading={ask.isPending}>
                {t('preview')}
              </Button>
            </Form.Item>
          </Form>
          {preview && (
            <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
              <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }} title={t('whatMoves', preview)}>
                {preview.kinds.map((k) => (
                  <Descriptions.Item key={k.kind} label={t(`kinds.${k.kind}`)}>
                    {fmt.number(k.rows, 0)}
                  </Descriptions.Item>
                ))}
                <Descriptions.Item label={t('range')}>
                  {preview.first_at ? `${fmt.dateTime(preview.first_at)} – ${fmt.dateTime(preview.last_at)}` : MISSING}
                </Descriptions.Item>
              </Descriptions>
              {preview.takes_customer && <Alert type="info" showIcon message={t('takesCustomer')} />}
              <Alert type="warning" showIcon message={t('holdWarning')} />
              <Button
                type="primary"
                loading={start.isPending}
                onClick={() => start.mutate({ old_sn: preview.old_sn, new_sn: preview.new_sn })}
              >
                {t('start')}
              </Button>
            </Space>
          )}
        </Card>
      )}
      {shown && (
        <Card
          title={t('migrationTitle', { id: shown.id, old: shown.old_sn, new: shown.new_sn })}
          extra={<Tag color={STATE_COLORS[shown.state]}>{t(`states.${shown.state}`)}</Tag>}
        >
          {shown.error && <Alert type="error" showIcon message={t('jobError')} description={shown.error} style={{ marginBottom: 12 }} />}
          <MigrationProgress migration={shown} />
          <div style={{ marginTop: 12 }}>{actions(shown)}</div>
        </Card>
      )}
      <Card
        title={t('history')}
        extra={
          <Input.Search
            allowClear
            maxLength={64}
            placeholder={t('searchSn')}
            onSearch={(v) => (setSearch(v.trim()), setPage((p) => ({ ...p, pageIndex: 1 })))}
          />
        }
      >
        <ResponsiveTable<MigrationRow>
          tableId="sysDataMigration"
          rowKey="id"
          size="small"
          loading={list.isFetching && !list.data}
          columns={columns}
          dataSource={list.data?.data ?? []}
          pagination={{
            current: page.pageIndex,
            pageSize: page.pageSize,
            total: list.data?.dataCount ?? 0,
            onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
          }}
        />
      </Card>
    </Space>
  );
}
