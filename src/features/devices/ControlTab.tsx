import { KeyOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Form, Modal, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COMMANDS, isOpenState } from '../../../contract/device-commands';
import { findRoute } from '../../../permissions/routes';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { devicesApi, devicesQueries, refreshDevices } from './api';
import {
  callErrorText,
  commandLabel,
  initialValues,
  paramLabel,
  messageText,
  refusedField,
  SAFETY_SPEC,
  toParams,
  valueText,
  type FormValue,
} from './catalogue';
import { CommandTable } from './CommandTable';
import { ParamFields } from './ParamFields';
import { StateTag } from './StateTag';
import './devices.css';

const LIVE_MS = 2000;

/**
 * A system's "Control" tab for staff: its connection, the settings as its device last reported them, its open and
 * recent commands, a link to send one, the device key's rotation and the safety (grid-protection) settings.
 */
export function ControlTab({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const can = useCanAccess();
  const navigate = useNavigate();
  const control = useQuery({
    ...devicesQueries.control(sn),
    refetchInterval: (query) => (query.state.data?.open.length ? LIVE_MS : false),
  });
  if (control.isLoading) return <Skeleton active />;
  const c = control.data;
  if (!c) return <Empty description={control.error ? callErrorText(t, control.error) : undefined} />;
  const tz = c.time_zone;
  const commandsPath = findRoute('commandManagement')?.path;
  const settingRows = COMMANDS.filter((spec) => spec.setting && spec.setting !== 'safety' && c.settings[spec.setting]).flatMap((spec) =>
    spec.params.map((p) => ({
      key: `${spec.name}.${p.name}`,
      label: paramLabel(t, p.name),
      children: valueText(t, fmt, p, p.name, c.settings[spec.setting!]![p.name], tz),
    })),
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        className="device-card"
        title={t('devices:control.title')}
        extra={
          <Space wrap>
            {can('deviceCommand', 'create') && commandsPath && (
              <Button type="primary" icon={<SendOutlined />} onClick={() => navigate(`${commandsPath}?sn=${encodeURIComponent(sn)}`)}>
                {t('devices:control.send')}
              </Button>
            )}
            {can('deviceKey', 'update') && <RotateKey sn={sn} />}
          </Space>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'connection',
              label: t('devices:control.connection'),
              children: (
                <Space wrap size={4}>
                  <Tag color={c.online ? 'success' : 'default'}>{c.online ? t('devices:online') : t('devices:offline')}</Tag>
                  {c.state_at && <span>{t('devices:since', { time: fmt.dateTime(c.state_at, { timeZone: tz }) })}</span>}
                </Space>
              ),
            },
            { key: 'model', label: t('devices:control.model'), children: c.model },
            { key: 'reported', label: t('devices:control.reportedAt'), children: fmt.dateTime(c.settings_at, { timeZone: tz }) },
          ]}
        />
        <Typography.Title level={5}>{t('devices:control.settings')}</Typography.Title>
        {settingRows.length ? (
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} items={settingRows} />
        ) : (
          <Typography.Paragraph type="secondary">{t('devices:control.noSettings')}</Typography.Paragraph>
        )}
      </Card>
      <Card size="small" title={t('devices:control.open')}>
        <CommandTable tableId="systemOpenCommands" rows={c.open} showSystem={false} pagination={false} />
      </Card>
      <Card size="small" title={t('devices:control.recent')}>
        <CommandTable tableId="systemRecentCommands" rows={c.recent} showSystem={false} pagination={false} />
      </Card>
      {can('safetySettings', 'read') && <SafetyCard sn={sn} />}
    </Space>
  );
}

/** A new device key, shown once: the old one stops working and the device must be given the new one. */
function RotateKey({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [key, setKey] = useState<string>();
  const rotate = useMutation({
    mutationFn: () => devicesApi.rotateKey(sn),
    onSuccess: (answer) => setKey(answer.device_key),
    onError: (error) => void message.error(callErrorText(t, error)),
  });
  return (
    <>
      <Popconfirm
        title={t('devices:key.confirmTitle')}
        description={<div style={{ maxWidth: 320 }}>{t('devices:key.confirm')}</div>}
        okText={t('devices:key.rotate')}
        okButtonProps={{ danger: true }}
        cancelText={t('devices:keep')}
        onConfirm={() => rotate.mutate()}
      >
        <Button icon={<KeyOutlined />} loading={rotate.isPending}>
          {t('devices:key.rotate')}
        </Button>
      </Popconfirm>
      <Modal
        open={key !== undefined}
        title={t('devices:key.newTitle')}
        onCancel={() => setKey(undefined)}
        footer={
          <Button type="primary" onClick={() => setKey(undefined)}>
            {t('devices:key.done')}
          </Button>
        }
        maskClosable={false}
      >
        <Alert type="warning" showIcon message={t('devices:key.once')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph
          copyable={{ text: key, tooltips: [t('devices:key.copy'), t('devices:key.copied')] }}
          className="device-key"
          data-testid="device-key"
        >
          {key}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}

/** The grid-protection settings as the device reported them; refresh asks the device; who may, changes them. */
function SafetyCard({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const can = useCanAccess();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ params?: Record<string, FormValue> }>();
  const [editing, setEditing] = useState(false);
  const safety = useQuery({
    ...devicesQueries.safety(sn),
    refetchInterval: (query) => (query.state.data?.open && isOpenState(query.state.data.open.state) ? LIVE_MS : false),
  });
  const refresh = useMutation({
    mutationFn: () => devicesQueries.safety(sn, true).queryFn(),
    onSuccess: () => void refreshDevices(queryClient),
    onError: (error) => void message.error(callErrorText(t, error)),
  });
  const save = useMutation({
    mutationFn: (values: { params?: Record<string, FormValue> }) =>
      devicesApi.saveSafety(sn, toParams(SAFETY_SPEC, values.params) as Record<string, string | number | boolean>),
    onSuccess: () => {
      void message.success(t('devices:safety.queued'));
      setEditing(false);
      void refreshDevices(queryClient);
    },
    onError: (error) => {
      const text = callErrorText(t, error);
      const field = refusedField(error);
      if (field) form.setFields([{ name: ['params', field], errors: [text] }]);
      void message.error(text);
    },
  });
  const data = safety.data;
  const reported = JSON.stringify(data?.settings ?? null);
  useEffect(() => {
    if (editing) form.setFieldsValue({ params: initialValues(SAFETY_SPEC, JSON.parse(reported) as Record<string, unknown> | null) });
  }, [editing, reported, form]);
  const tz = data?.time_zone;
  const pending = data?.open;

  return (
    <Card
      size="small"
      className="device-card"
      title={t('devices:safety.title')}
      extra={
        <Space wrap>
          <Button icon={<ReloadOutlined />} loading={refresh.isPending} onClick={() => refresh.mutate()}>
            {t('devices:safety.refresh')}
          </Button>
          {can('safetySettings', 'update') && !editing && (
            <Button onClick={() => setEditing(true)} disabled={!data}>
              {t('devices:safety.edit')}
            </Button>
          )}
        </Space>
      }
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          {pending && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message={
                <Space wrap size={4}>
                  {commandLabel(t, pending.command)}
                  <StateTag state={pending.state} />
                  {fmt.dateTime(pending.created_at, { timeZone: tz })}
                </Space>
              }
            />
          )}
          {!pending && data.last && data.last.state !== 'succeeded' && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={
                <Space wrap size={4}>
                  {t('devices:safety.lastChange')}
                  <StateTag state={data.last.state} />
                  {messageText(t, data.last.state, data.last.message)}
                </Space>
              }
            />
          )}
          <Typography.Paragraph type="secondary">
            {data.reported_at
              ? t('devices:safety.reportedAt', { time: fmt.dateTime(data.reported_at, { timeZone: tz }) })
              : t('devices:safety.never')}
          </Typography.Paragraph>
          {data.settings && (
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 2, lg: 3 }}
              items={SAFETY_SPEC.params.map((p) => ({
                key: p.name,
                label: paramLabel(t, p.name),
                children: valueText(t, fmt, p, p.name, data.settings![p.name], tz),
              }))}
            />
          )}
          {editing && (
            <Form form={form} layout="vertical" style={{ marginTop: 16 }} onFinish={(values) => save.mutate(values)}>
              <Alert type="warning" showIcon message={t('devices:safety.warning')} style={{ marginBottom: 12 }} />
              <ParamFields spec={SAFETY_SPEC} />
              <Space>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t('devices:safety.save')}
                </Button>
                <Button onClick={() => setEditing(false)}>{t('devices:safety.discard')}</Button>
              </Space>
            </Form>
          )}
        </>
      )}
    </Card>
  );
}
