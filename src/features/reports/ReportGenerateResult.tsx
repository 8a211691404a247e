import { DeleteOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { GeneratedReport } from '../../../contract/reports';
import { RUN_STATES } from '../../../contract/mailings-constants';
import { codeMessage } from '../../api/client';
import { useFormat } from '../../i18n/format';
import { useMenuTitle } from '../../routing/useMenuOverrides';
import { PageCard } from '../../ui/PageCard';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { refreshReports, reportQueries, reportsApi, type ReportFilter } from './api';
import './reports.css';

/** Days a report is kept (server/reports/service.ts REPORT_KEEP_DAYS). */
const KEEP_DAYS = 30;

export const STATE_COLORS: Record<string, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/** Why a report failed, in the reader's language when it was a refusal with a code ('[45] No permission'). */
export function failureText(error: string): string {
  const coded = /^\[(-?\d+)\] /.exec(error);
  return coded ? codeMessage(Number(coded[1])) : error;
}

/**
 * /BasicSettings/reportGenerateResult: the reports and long exports made in the background, with
 * their state (a failed one says why), who asked, size, times and the download (the asker's and, for
 * administrators, everyone's). Refreshed every few seconds while one is still queued or running.
 */
export default function ReportGenerateResult() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const menuTitle = useMenuTitle({ load: false });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filter: ReportFilter = {
    pageIndex: Number(params.get('page') ?? 1) || 1,
    // A state the list does not know (an address typed by hand) filters nothing.
    state: RUN_STATES.find((state) => state === params.get('state')),
    mine: params.get('mine') === '1' || undefined,
  };
  const set = (next: Record<string, string | undefined>) =>
    setParams((current) => {
      const merged = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined) merged.delete(key);
        else merged.set(key, value);
      }
      return merged;
    });
  const { data, isFetching, refetch } = useQuery({
    ...reportQueries.list(filter),
    refetchInterval: (query) => (query.state.data?.data.some((r) => r.state === 'queued' || r.state === 'running') ? 3000 : false),
  });
  const remove = useMutation({
    mutationFn: (id: number) => reportsApi.remove(id),
    onSuccess: () => {
      void message.success(t('mailings:mailTiming.deleted'));
      void refreshReports(queryClient);
    },
  });

  const columns: ResponsiveColumn<GeneratedReport>[] = [
    {
      key: 'file',
      title: t('mailings:reports.file'),
      card: 'title',
      render: (_, r) => (
        <Space direction="vertical" size={0} className="reports-file-cell">
          <Typography.Text strong className="reports-file">
            {r.file_name}
          </Typography.Text>
          <Typography.Text type="secondary">{t(`mailings:reports.kinds.${r.kind}`, { defaultValue: r.kind })}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('mailings:reports.state'),
      card: 'status',
      render: (_, r) => (
        <Tooltip title={r.error && failureText(r.error)}>
          <Tag color={STATE_COLORS[r.state]}>{t(`mailings:runState.${r.state}`)}</Tag>
        </Tooltip>
      ),
    },
    {
      key: 'error',
      title: t('mailings:reports.error'),
      render: (_, r) =>
        r.error ? (
          <Typography.Text type="danger" className="reports-reason">
            {failureText(r.error)}
          </Typography.Text>
        ) : (
          '–'
        ),
    },
    {
      key: 'requested_by',
      title: t('mailings:reports.requestedBy'),
      render: (_, r) => r.requested_by ?? <Typography.Text type="secondary">{t('mailings:reports.system')}</Typography.Text>,
    },
    {
      key: 'size',
      title: t('mailings:reports.size'),
      align: 'right',
      render: (_, r) => <span className="text-nowrap">{fmt.fileSize(r.size)}</span>,
    },
    { key: 'created', title: t('mailings:reports.created'), render: (_, r) => fmt.dateTime(r.created_at) },
    { key: 'finished', title: t('mailings:reports.finished'), render: (_, r) => (r.finished_at ? fmt.dateTime(r.finished_at) : '–') },
    {
      key: 'actions',
      title: '',
      card: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space>
          {/* An icon, as the delete beside it: the word ('Herunterladen') pushed the column out of a 1366 px screen. */}
          <Tooltip title={t('mailings:reports.download')}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              disabled={r.state !== 'done'}
              onClick={() => void reportsApi.download(r.id, r.file_name)}
              aria-label={t('mailings:reports.download')}
            />
          </Tooltip>
          <Popconfirm title={t('mailings:reports.deleteConfirm')} onConfirm={() => remove.mutate(r.id)}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('mailings:reports.delete')} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <PageCard
      title={menuTitle('reportGenerateResult')}
      actions={
        <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
          {t('mailings:reports.refresh')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('mailings:reports.intro', { days: KEEP_DAYS })}</Typography.Paragraph>
      <div className="reports-toolbar">
        <Select
          className="reports-state"
          allowClear
          placeholder={t('mailings:reports.allStates')}
          value={filter.state}
          onChange={(state?: string) => set({ state, page: undefined })}
          options={RUN_STATES.map((s) => ({ value: s, label: t(`mailings:runState.${s}`) }))}
        />
        <Checkbox checked={!!filter.mine} onChange={(e) => set({ mine: e.target.checked ? '1' : undefined, page: undefined })}>
          {t('mailings:reports.onlyMine')}
        </Checkbox>
      </div>
      <ResponsiveTable<GeneratedReport>
        tableId="reportGenerateResult"
        rowKey="id"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isFetching && !data}
        pagination={{
          current: filter.pageIndex,
          pageSize: 20,
          total: data?.dataCount ?? 0,
          showSizeChanger: false,
          onChange: (page) => set({ page: page > 1 ? String(page) : undefined }),
        }}
      />
    </PageCard>
  );
}
