import { DeleteOutlined, EditOutlined, EyeOutlined, HistoryOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Code } from '../../../contract/codes';
import { isLanguage } from '../../../contract/languages';
import type { MailJob } from '../../../contract/mailings';
import { CallError } from '../../api/call';
import { codeMessage } from '../../api/client';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { useMenuTitle } from '../../routing/useMenuOverrides';
import { PageCard } from '../../ui/PageCard';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { STATE_COLORS } from '../reports/ReportGenerateResult';
import { mailingQueries, mailingsApi, refreshMailings } from './api';
import { HistoryDrawer } from './HistoryDrawer';
import { MailJobDrawer } from './MailJobDrawer';
import { PreviewDrawer } from './PreviewDrawer';
import { jobName, scheduleText } from './schedule';
import './mailings.css';

type View = 'create' | 'edit' | 'preview' | 'history';

/**
 * /OtherInformation/mailTiming: the mail jobs the portal sends on a schedule (the monthly energy
 * report, the weekly fleet digest), each with its schedule, recipients, next and last run; create or edit one, turn it
 * on or off, preview it for a recipient, run it now and read its history. The open drawer is kept in the URL
 * (?view=edit|preview|history&id=…&user=…&lang=…), so a reload or a link opens the same view.
 */
export default function MailTiming() {
  const can = useCanAccess();
  const { t } = useTranslation();
  const fmt = useFormat();
  const menuTitle = useMenuTitle({ load: false });
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') as View | null;
  const id = Number(params.get('id')) || undefined;
  const lang = params.get('lang');
  const show = (next: Record<string, string | number | undefined>) =>
    setParams(() => {
      const merged = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) if (value !== undefined) merged.set(key, String(value));
      return merged;
    });
  const close = () => show({});
  const { data, isFetching } = useQuery({
    ...mailingQueries.list(),
    refetchInterval: (query) =>
      query.state.data?.data.some((j) => j.last_run?.state === 'queued' || j.last_run?.state === 'running') ? 3000 : false,
  });
  const jobs = data?.data ?? [];
  const current = jobs.find((j) => j.id === id);
  const invalidate = () => void refreshMailings(queryClient);
  const enable = useMutation({
    mutationFn: ({ job, on }: { job: MailJob; on: boolean }) => mailingsApi.enable(job.id, on),
    onSuccess: invalidate,
  });
  const runNow = useMutation({
    mutationFn: ({ job, resend }: { job: MailJob; resend: boolean }) => mailingsApi.runNow(job.id, resend),
    onSuccess: (_run, { job }) => {
      void message.success(t('mailings:mailTiming.runQueued'));
      invalidate();
      show({ view: 'history', id: job.id });
    },
    onError: (error, { job, resend }) => {
      if (!(error instanceof CallError)) return;
      if (error.code === Code.TOO_FAST && !resend) {
        // The period went out already: sending it again mails every recipient the same once more, so it is asked.
        const period = (error.data as { period?: string } | null)?.period ?? '';
        modal.confirm({
          title: t('mailings:mailTiming.resendTitle'),
          content: t('mailings:mailTiming.resendConfirm', { name: jobName(t, job), period }),
          okText: t('mailings:mailTiming.resend'),
          cancelText: t('mailings:mailTiming.cancel'),
          onOk: () => runNow.mutate({ job, resend: true }),
        });
        return;
      }
      void message.error(codeMessage(error.code));
    },
  });
  const remove = useMutation({
    mutationFn: (job: MailJob) => mailingsApi.remove(job.id),
    onSuccess: () => {
      void message.success(t('mailings:mailTiming.deleted'));
      invalidate();
    },
  });
  const mayEdit = can('mailJob', 'update');

  const columns: ResponsiveColumn<MailJob>[] = [
    {
      key: 'name',
      title: t('mailings:mailTiming.name'),
      card: 'title',
      width: 200,
      render: (_, job) => {
        const name = jobName(t, job);
        const kind = t(`mailings:kind.${job.kind}`);
        // A shipped job is named after its kind: the kind under it would only repeat the name.
        return (
          <Space direction="vertical" size={0}>
            <Typography.Text strong>{name}</Typography.Text>
            {kind === name ? null : <Typography.Text type="secondary">{kind}</Typography.Text>}
          </Space>
        );
      },
    },
    {
      key: 'enabled',
      title: t('mailings:mailTiming.enabled'),
      card: 'status',
      render: (_, job) => (
        <Switch
          size="small"
          checked={job.enabled}
          disabled={!mayEdit}
          loading={enable.isPending && enable.variables?.job.id === job.id}
          onChange={(on) => enable.mutate({ job, on })}
          aria-label={t('mailings:mailTiming.enabled')}
        />
      ),
    },
    { key: 'schedule', title: t('mailings:mailTiming.schedule'), render: (_, job) => scheduleText(t, job) },
    {
      key: 'recipients',
      title: t('mailings:mailTiming.recipients'),
      render: (_, job) => (
        <Space wrap size={[4, 4]}>
          {job.recipient_roles.map((r) => (
            <Tag key={r}>{t(`mailings:mailTiming.role.${r}`, { defaultValue: r })}</Tag>
          ))}
          {job.recipient_countries.map((c) => (
            <Tag key={c} color="blue">
              {c}
            </Tag>
          ))}
          {job.recipient_user_ids.length > 0 && (
            <Tag color="purple">{`${t('mailings:mailTiming.users')}: ${job.recipient_user_ids.length}`}</Tag>
          )}
        </Space>
      ),
    },
    {
      key: 'next',
      title: t('mailings:mailTiming.nextRun'),
      render: (_, job) =>
        job.next_run_at ? <span className="text-nowrap">{fmt.dateTime(job.next_run_at, { timeZone: job.time_zone })}</span> : '–',
    },
    {
      key: 'last',
      title: t('mailings:mailTiming.lastRun'),
      render: (_, job) =>
        job.last_run ? (
          <Space wrap size={[4, 0]}>
            <Tag color={STATE_COLORS[job.last_run.state]}>{t(`mailings:runState.${job.last_run.state}`)}</Tag>
            {job.last_run.finished_at && (
              <span className="text-nowrap">{fmt.dateTime(job.last_run.finished_at, { timeZone: job.time_zone })}</span>
            )}
            <Typography.Text type="secondary">
              {t('mailings:mailTiming.sent')} {fmt.number(job.last_run.sent, 0)}
              {job.last_run.failed > 0 && ` · ${t('mailings:mailTiming.failed')} ${fmt.number(job.last_run.failed, 0)}`}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('mailings:mailTiming.never')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('mailings:mailTiming.actions'),
      card: 'actions',
      fixed: 'right',
      width: 300,
      render: (_, job) => (
        <Space wrap size={4}>
          {mayEdit && (
            <Tooltip title={t('mailings:mailTiming.edit')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t('mailings:mailTiming.edit')}
                onClick={() => show({ view: 'edit', id: job.id })}
              />
            </Tooltip>
          )}
          <Button size="small" icon={<EyeOutlined />} onClick={() => show({ view: 'preview', id: job.id })}>
            {t('mailings:mailTiming.preview')}
          </Button>
          <Button size="small" icon={<HistoryOutlined />} onClick={() => show({ view: 'history', id: job.id })}>
            {t('mailings:mailTiming.history')}
          </Button>
          {mayEdit && (
            <Button
              size="small"
              icon={<PlayCircleOutlined />}
              loading={runNow.isPending && runNow.variables?.job.id === job.id}
              onClick={() => runNow.mutate({ job, resend: false })}
            >
              {t('mailings:mailTiming.runNow')}
            </Button>
          )}
          {can('mailJob', 'delete') && (
            <Popconfirm title={t('mailings:mailTiming.deleteConfirm')} onConfirm={() => remove.mutate(job)}>
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('mailings:mailTiming.delete')} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageCard
      title={menuTitle('mailTiming')}
      actions={
        can('mailJob', 'create') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => show({ view: 'create' })}>
            {t('mailings:mailTiming.add')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('mailings:mailTiming.intro')}</Typography.Paragraph>
      <ResponsiveTable<MailJob>
        tableId="mailTiming"
        rowKey="id"
        columns={columns}
        dataSource={jobs}
        loading={isFetching && !data}
        pagination={false}
      />
      <MailJobDrawer
        key={`${view}-${id ?? 'new'}`}
        open={view === 'create' || (view === 'edit' && !!current)}
        job={view === 'edit' ? current : undefined}
        onClose={close}
      />
      {view === 'preview' && current && (
        <PreviewDrawer
          job={current}
          userId={Number(params.get('user')) || undefined}
          language={isLanguage(lang) ? lang : undefined}
          onChange={({ user, lang }) => show({ view: 'preview', id: current.id, user, lang })}
          onClose={close}
        />
      )}
      {view === 'history' && current && (
        <HistoryDrawer
          job={current}
          run={Number(params.get('run')) || undefined}
          onRun={(run) => show({ view: 'history', id: current.id, run })}
          onClose={close}
        />
      )}
    </PageCard>
  );
}
