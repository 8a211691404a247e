import { SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, AutoComplete, Button, Card, Form, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commandSpec, type CommandName } from '../../../contract/device-commands';
import { CallError } from '../../api/call';
import { useFormat } from '../../i18n/format';
import { devicesApi, devicesQueries, refreshDevices } from './api';
import { callErrorText, commandLabel, initialValues, refusedField, STAFF_COMMANDS, toParams, type FormValue } from './catalogue';
import { ParamFields } from './ParamFields';

interface Values {
  command?: CommandName;
  params?: Record<string, FormValue>;
}

/**
 * Sends one command of the catalogue to one system: the system by its S/N (suggested from the storage list while
 * typing; `sn` from the URL preselects it), the command (one the system's model lacks is shown disabled with the
 * reason), its parameters, send. A refusal is shown with the parameter it names, beside that field.
 */
export function SendCommandPanel({ sn, onSn, onSent }: { sn: string; onSn: (sn: string) => void; onSent: (id: number) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [text, setText] = useState(sn);
  // A new `sn` from the URL (a link, back and forward) replaces what is typed: adjusted while rendering, not in an effect.
  const [shownSn, setShownSn] = useState(sn);
  if (shownSn !== sn) {
    setShownSn(sn);
    setText(sn);
  }
  const search = text.trim();
  const suggestions = useQuery({ ...devicesQueries.systems(search), enabled: search.length >= 2, staleTime: 30_000 });
  const control = useQuery({ ...devicesQueries.control(sn), enabled: sn !== '', retry: false });
  const command = Form.useWatch('command', form);
  const spec = command ? commandSpec(command) : undefined;
  const accepted = control.data?.commands;

  // A new system or command starts from what the device reported for that setting.
  // Compared as text: a refetch that brings the same settings leaves what the user typed alone.
  const reported = JSON.stringify((spec?.setting && control.data?.settings[spec.setting]) || null);
  useEffect(() => {
    if (spec) form.setFieldValue('params', initialValues(spec, JSON.parse(reported) as Record<string, unknown> | null));
  }, [spec, reported, form]);

  const send = useMutation({
    mutationFn: (values: Values) => devicesApi.send({ sn, command: values.command, params: toParams(spec!, values.params) }),
    onSuccess: (row) => {
      void message.success(t('devices:send.queued', { command: commandLabel(t, row.command), sn: row.sys_sn }));
      void refreshDevices(queryClient);
      onSent(row.id);
    },
    onError: (error) => {
      const text = callErrorText(t, error);
      const field = refusedField(error);
      if (field && spec?.params.some((p) => p.name === field)) form.setFields([{ name: ['params', field], errors: [text] }]);
      void message.error(text);
    },
  });

  const choose = (value: string) => {
    const next = value.trim();
    setText(next);
    if (next !== sn) onSn(next);
  };
  const unknownSystem = control.error instanceof CallError;

  return (
    <Card size="small" title={t('devices:send.title')} className="device-send" data-testid="send-command">
      <Form<Values> form={form} layout="vertical" onFinish={(values) => send.mutate(values)} requiredMark="optional">
        <Form.Item label={t('devices:send.system')} required>
          <AutoComplete
            value={text}
            style={{ maxWidth: 360 }}
            options={(suggestions.data?.data ?? []).map((s) => ({
              value: s.sys_sn,
              label: (
                <span>
                  {s.sys_sn} <Typography.Text type="secondary">{s.sys_name}</Typography.Text>
                </span>
              ),
            }))}
            onChange={setText}
            onSelect={choose}
            onBlur={() => choose(text)}
            onKeyDown={(e) => e.key === 'Enter' && choose(text)}
            placeholder={t('devices:send.systemPlaceholder')}
            aria-label={t('devices:send.system')}
            allowClear
            onClear={() => choose('')}
          />
        </Form.Item>
        {control.data && (
          <Space wrap size={[8, 4]} className="device-send__system">
            <Typography.Text>{control.data.model}</Typography.Text>
            <Tag color={control.data.online ? 'success' : 'default'}>
              {control.data.online ? t('devices:online') : t('devices:offline')}
            </Tag>
            {control.data.state_at && (
              <Typography.Text type="secondary">
                {t('devices:since', { time: fmt.dateTime(control.data.state_at, { timeZone: control.data.time_zone }) })}
              </Typography.Text>
            )}
          </Space>
        )}
        {unknownSystem && <Alert type="warning" showIcon message={callErrorText(t, control.error)} style={{ marginBottom: 12 }} />}
        <Form.Item name="command" label={t('devices:send.command')} rules={[{ required: true, message: t('devices:send.pickCommand') }]}>
          <Select
            style={{ maxWidth: 360 }}
            aria-label={t('devices:send.command')}
            placeholder={t('devices:send.pickCommand')}
            options={STAFF_COMMANDS.map((c) => {
              const lacks = !!accepted && !accepted.includes(c.name);
              return {
                value: c.name,
                disabled: lacks,
                label: lacks
                  ? `${commandLabel(t, c.name)} — ${t('devices:send.modelLacks', { model: control.data?.model })}`
                  : commandLabel(t, c.name),
              };
            })}
          />
        </Form.Item>
        {spec && (
          <>
            <Typography.Paragraph type="secondary">{t(`devices:commandHelp.${spec.name}`)}</Typography.Paragraph>
            <ParamFields spec={spec} />
          </>
        )}
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending} disabled={!sn || unknownSystem}>
          {t('devices:send.send')}
        </Button>
      </Form>
    </Card>
  );
}
