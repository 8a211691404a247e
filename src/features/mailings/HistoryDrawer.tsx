import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Collapse, Drawer, List, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobRun } from '../../../contract/jobs';
import type { MailDelivery, MailJob, MailRun } from '../../../contract/mailings';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { useScreens } from '../../ui/useScreens';
import { reportsApi } from '../reports/api';
import { STATE_COLORS } from '../reports/ReportGenerateResult';
import { mailingQueries } from './api';
import { jobName } from './schedule';

const DELIVERY_COLORS: Record<string, string> = { queued: 'default', sent: 'success', failed: 'error', skipped: 'warning' };

/** A run's recipients: sent, waiting, failed (with the mail server's or the composer's reason) or skipped. */
function Deliveries({ runId }: { runId: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { data, isLoading } = useQuery(mailingQueries.deliveries(runId));
  return (
    <List<MailDelivery>
      size="small"
      loading={isLoading}
      header={<Typography.Text strong>{t('mailings:mailTiming.deliveries')}</Typography.Text>}
      dataSource={data ?? []}
      renderItem={(d) => (
        <List.Item className="mailings-delivery">
          <Space wrap size={[8, 0]}>
            <Tag color={DELIVERY_COLORS[d.state]}>{t(`mailings:deliveryState.${d.state}`)}</Tag>
            <Typography.Text className="mailings-recipient">{d.recipient}</Typography.Text>
            <Typography.Text type="secondary">{d.language}</Typography.Text>
            {d.sent_at && <Typography.Text type="secondary">{fmt.dateTime(d.sent_at)}</Typography.Text>}
            {d.attempts > 1 && (
              <Typography.Text type="secondary">{t('mailings:mailTiming.attemptsCount', { count: d.attempts })}</Typography.Text>
            )}
          </Space>
          {d.reason && (
            <Typography.Text type={d.state === 'failed' ? 'danger' : 'secondary'} className="mailings-reason">
              {t(`mailings:deliveryReason.${d.reason}`, { defaultValue: d.reason })}
            </Typography.Text>
          )}
        </List.Item>
      )}
    />
  );
}

/** The queue's jobs behind the runs (pg-boss, /Jobs/GetJobRuns), for those who run the portal. */
function QueueRuns() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery(mailingQueries.queueRuns(page));
  return (
    <>
      <Typography.Paragraph type="secondary">{t('mailings:mailTiming.queueRunsHelp')}</Typography.Paragraph>
      <Table<JobRun>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data?.data ?? []}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: 10, total: data?.dataCount ?? 0, onChange: setPage, showSizeChanger: false, size: 'small' }}
        columns={[
          { key: 'created', title: t('mailings:mailTiming.when'), render: (_, r) => fmt.dateTime(r.created_at) },
          { key: 'state', title: t('mailings:mailTiming.state'), render: (_, r) => <Tag>{r.state}</Tag> },
          { key: 'attempts', title: t('mailings:mailTiming.attempts'), dataIndex: 'attempts' },
          { key: 'error', title: t('mailings:mailTiming.reason'), render: (_, r) => r.error ?? '–' },
        ]}
      />
    </>
  );
}

/** A mail job's runs, newest first: when, how it started, what it covered, how many were sent and which failed and why. */
export function HistoryDrawer({
  job,
  run: open,
  onRun: setOpen,
  onClose,
}: {
  job: MailJob;
  run?: number;
  onRun: (run?: number) => void;
  onClose: () => void;
}) {
  const can = useCanAccess();
  const { t } = useTranslation();
  const fmt = useFormat();
  const wide = useScreens().md;
  const [page, setPage] = useState(1);
  const { data, isFetching, refetch } = useQuery({
    ...mailingQueries.runs(job.id, page),
    refetchInterval: (query) => (query.state.data?.data.some((r) => r.state === 'queued' || r.state === 'running') ? 3000 : false),
  });
  // A month 'YYYY-MM' or a week 'YYYY-MM-DD/YYYY-MM-DD' as the reader writes dates.
  const periodText = (period: string) => {
    const [from, to] = period.split('/');
    return to ? `${fmt.date(from)} – ${fmt.date(to)}` : fmt.month(from);
  };
  const count = (n: number, color?: string) =>
    n > 0 ? <Tag color={color}>{fmt.number(n, 0)}</Tag> : <Typography.Text type="secondary">0</Typography.Text>;
  const columns: ResponsiveColumn<MailRun>[] = [
    {
      key: 'when',
      title: t('mailings:mailTiming.when'),
      card: 'title',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{fmt.dateTime(r.started_at ?? r.scheduled_for)}</span>
          <Typography.Text type="secondary">
            {t(`mailings:trigger.${r.trigger}`)} · {periodText(r.period)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('mailings:mailTiming.state'),
      card: 'status',
      render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{t(`mailings:runState.${r.state}`)}</Tag>,
    },
    { key: 'recipients', title: t('mailings:mailTiming.counts'), align: 'right', render: (_, r) => fmt.number(r.recipients, 0) },
    { key: 'sent', title: t('mailings:mailTiming.sent'), align: 'right', render: (_, r) => count(r.sent, 'success') },
    { key: 'waiting', title: t('mailings:mailTiming.waiting'), align: 'right', render: (_, r) => count(r.waiting) },
    { key: 'failed', title: t('mailings:mailTiming.failed'), align: 'right', render: (_, r) => count(r.failed, 'error') },
    { key: 'skipped', title: t('mailings:mailTiming.skipped'), align: 'right', render: (_, r) => count(r.skipped, 'warning') },
    {
      key: 'actions',
      title: '',
      card: 'actions',
      render: (_, { report_id: reportId, ...r }) => (
        <Space wrap>
          <Button size="small" type={open === r.id ? 'primary' : 'default'} onClick={() => setOpen(open === r.id ? undefined : r.id)}>
            {t('mailings:mailTiming.recipientsButton')}
          </Button>
          {reportId !== null && (
            <Button size="small" icon={<DownloadOutlined />} onClick={() => void reportsApi.download(reportId, `mail-run-${r.id}.xlsx`)}>
              {t('mailings:mailTiming.report')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const opened = data?.data.find((r) => r.id === open);
  return (
    <Drawer
      open
      onClose={onClose}
      width={wide ? 900 : '100%'}
      title={t('mailings:mailTiming.historyTitle', { name: jobName(t, job) })}
      extra={
        <Button
          icon={<ReloadOutlined />}
          loading={isFetching}
          onClick={() => void refetch()}
          aria-label={t('mailings:mailTiming.refresh')}
        />
      }
    >
      <ResponsiveTable<MailRun>
        tableId="mailTimingRuns"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isFetching && !data}
        locale={{ emptyText: t('mailings:mailTiming.noRuns') }}
        pagination={{ current: page, pageSize: 10, total: data?.dataCount ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      {opened && (
        <div className="mailings-deliveries">
          {opened.error && <Typography.Paragraph type="danger">{opened.error}</Typography.Paragraph>}
          <Deliveries runId={opened.id} />
        </div>
      )}
      {can('job', 'read') && (
        <Collapse
          className="mailings-queue"
          items={[{ key: 'queue', label: t('mailings:mailTiming.queueRuns'), children: <QueueRuns /> }]}
        />
      )}
    </Drawer>
  );
}
