import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Input, Select, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { faultAdvice, faultTitle } from '../../../contract/fault-codes';
import { findRoute } from '../../../permissions/routes';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { useScreens } from '../../ui/useScreens';
import { systemPath } from '../monitoring/dashboard/fleet/systemLink';
import { alarmKeys, alarmsApi } from './api';
import { refusalText, SEVERITY_COLORS, STATE_COLORS } from './alarmText';

/**
 * One alarm: what it is (the catalogue's title, cause and what to do), its lifecycle, and the work on it: acknowledge
 * with a note, give it to someone, comment; and from it, the system, a command to it, a complaint about it.
 */
export function AlarmDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('alarms');
  const format = useFormat();
  const screens = useScreens();
  const can = useCanAccess();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [note] = Form.useForm<{ note: string }>();
  const open = id !== null;
  const alarm = useQuery({ queryKey: alarmKeys.one(id ?? 0), queryFn: () => alarmsApi.one(id!), enabled: open });
  const assignees = useQuery({ queryKey: alarmKeys.assignees(id ?? 0), queryFn: () => alarmsApi.assignees(id!), enabled: open });
  const refresh = () => client.invalidateQueries({ queryKey: alarmKeys.all });
  const onError = (error: unknown) => void message.error(refusalText(error));
  const acknowledge = useMutation({ mutationFn: (text?: string) => alarmsApi.acknowledge([id!], text), onSuccess: refresh, onError });
  const assign = useMutation({ mutationFn: (assignee: number | null) => alarmsApi.assign(id!, assignee), onSuccess: refresh, onError });
  const comment = useMutation({
    mutationFn: (text: string) => alarmsApi.comment(id!, text),
    onSuccess: () => {
      note.resetFields();
      return refresh();
    },
    onError,
  });
  const a = alarm.data;
  const advice = a ? faultAdvice(t, a.code) : undefined;
  const commands = findRoute('commandManagement')?.path;
  const complaint = findRoute('createComplaint')?.path ?? '/createComplaint';

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={screens.md ? 560 : '100%'}
      title={a ? `${a.code} · ${faultTitle(t, a)}` : t('detail.title')}
      destroyOnHidden
    >
      {!a ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={SEVERITY_COLORS[a.severity]}>{t(`severity.${a.severity}`)}</Tag>
            <Tag color={STATE_COLORS[a.state]}>{t(`state.${a.state}`)}</Tag>
            {a.acknowledged_at ? <Tag color="green">{t('detail.acknowledgedBy', { name: a.acknowledged_by })}</Tag> : null}
          </Space>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'system',
                label: t('columns.sys_sn'),
                children: <Link to={systemPath(a.sys_sn)}>{`${a.sys_sn} · ${a.sys_name}`}</Link>,
              },
              { key: 'component', label: t('columns.component'), children: t(`component.${a.component}`) },
              { key: 'first', label: t('columns.first_seen_at'), children: format.dateTime(a.first_seen_at, { timeZone: a.time_zone }) },
              { key: 'last', label: t('columns.last_seen_at'), children: format.dateTime(a.last_seen_at, { timeZone: a.time_zone }) },
              { key: 'count', label: t('columns.occurrences'), children: format.number(a.occurrences, 0) },
              ...(a.cleared_at
                ? [{ key: 'cleared', label: t('columns.cleared_at'), children: format.dateTime(a.cleared_at, { timeZone: a.time_zone }) }]
                : []),
              ...(advice
                ? [
                    { key: 'cause', label: t('monitoring:faults.cause'), children: advice.cause },
                    { key: 'remedy', label: t('monitoring:faults.remedy'), children: advice.remedy },
                  ]
                : []),
            ]}
          />
          <Space wrap>
            {commands && can('deviceCommand', 'create') ? (
              <Link to={`${commands}?sn=${encodeURIComponent(a.sys_sn)}`}>
                <Button>{t('detail.sendCommand')}</Button>
              </Link>
            ) : null}
            {can('complaint', 'create') ? (
              <Link to={`${complaint}?sn=${encodeURIComponent(a.sys_sn)}`}>
                <Button>{t('detail.createComplaint')}</Button>
              </Link>
            ) : null}
          </Space>
          {can('alarm', 'update') ? (
            <>
              {!a.acknowledged_at ? (
                <Form
                  layout="vertical"
                  onFinish={(values: { ackNote?: string }) => acknowledge.mutate(values.ackNote?.trim() || undefined)}
                >
                  <Form.Item name="ackNote" label={t('detail.ackNote')}>
                    <Input maxLength={500} />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={acknowledge.isPending}>
                    {t('actions.acknowledge')}
                  </Button>
                </Form>
              ) : a.acknowledge_note ? (
                <Typography.Paragraph type="secondary">{a.acknowledge_note}</Typography.Paragraph>
              ) : null}
              <Form.Item label={t('columns.assignee')} style={{ marginBottom: 0 }}>
                <Select
                  allowClear
                  aria-label={t('columns.assignee')}
                  placeholder={t('detail.nobody')}
                  value={a.assignee_id ?? undefined}
                  loading={assignees.isLoading || assign.isPending}
                  options={(assignees.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                  onChange={(value?: number) => assign.mutate(value ?? null)}
                />
              </Form.Item>
              <Form form={note} layout="vertical" onFinish={(values) => comment.mutate(values.note.trim())}>
                <Form.Item
                  name="note"
                  label={t('detail.comment')}
                  rules={[{ required: true, whitespace: true, message: t('detail.commentRequired') }]}
                >
                  <Input.TextArea rows={2} maxLength={2000} showCount />
                </Form.Item>
                <Button htmlType="submit" loading={comment.isPending}>
                  {t('actions.comment')}
                </Button>
              </Form>
            </>
          ) : null}
          <div>
            <Typography.Title level={5}>{t('detail.history')}</Typography.Title>
            <Timeline
              items={[
                { key: 'first', children: `${t('event.opened')} · ${format.dateTime(a.first_seen_at, { timeZone: a.time_zone })}` },
                ...a.history
                  .filter((e) => e.kind !== 'opened')
                  .map((e, i) => ({
                    key: String(i),
                    children: (
                      <>
                        {t(`event.${e.kind}`)} · {format.dateTime(e.at, { timeZone: a.time_zone })}
                        {e.by ? ` · ${e.by}` : ''}
                        {e.note ? <Typography.Paragraph style={{ marginBottom: 0 }}>{e.note}</Typography.Paragraph> : null}
                      </>
                    ),
                  })),
              ]}
            />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
