import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Select, Skeleton, Slider, Space, Switch, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WORK_MODES } from '../../../../contract/device-commands';
import type { OperatingSettings } from '../../../../contract/monitoring';
import { codeMessage, isMessageCode } from '../../../api/client';
import { CallError, monitoringApi, monitoringKeys } from '../api';
import { anyWaiting, SettingOnDevice } from './SettingOnDevice';
import { SystemScopeSelect } from './SystemScopeSelect';
import { TimeRange } from './TimeRange';
import './settings.css';

const MAX_WINDOWS = 6;
/** How often the screen asks again while the device has not answered a saved setting yet. */
const WAITING_MS = 3000;

interface SettingsForm extends Omit<OperatingSettings, 'chargeWindows'> {
  chargeWindows: Array<{ range: [string, string] }>;
}

/** A field's help with, under it, whether the device has the setting. */
function Extra({ help, status }: { help: ReactNode; status: ReactNode }) {
  return (
    <>
      <div>{help}</div>
      {status}
    </>
  );
}

/**
 * systemSettings: how the customer's own system runs (work mode, backup reserve, grid charging, feed-in limit, charge
 * windows), and for each setting whether the device has applied it, still waits for it or refused it.
 */
export default function SystemSettings() {
  const { t } = useTranslation('monitoring');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<SettingsForm>();
  const [saving, setSaving] = useState(false);
  // The list names the customer's systems; the form holds the chosen one's settings as read by its id, so that a
  // save asks again for that system alone.
  const list = useQuery({ queryKey: monitoringKeys.systemSettings(), queryFn: monitoringApi.systemSettingsList });
  const [sn, setSn] = useState<string>('');
  const chosen = list.data?.find((s) => s.sys_sn === sn) ?? list.data?.[0];
  const one = useQuery({
    // Never the list's own key (no id) while the list is on its way: this query would show the list as one system.
    queryKey: monitoringKeys.systemSettings(chosen?.system_id ?? 0),
    queryFn: () => monitoringApi.systemSettings(chosen!.system_id),
    enabled: chosen !== undefined,
    // While the device has not answered a saved setting, its answer is shown as soon as it comes.
    refetchInterval: (query) => (anyWaiting(query.state.data?.device) ? WAITING_MS : false),
  });
  const current = one.data;
  const isLoading = list.isLoading || one.isLoading;
  const gridCharge = Form.useWatch('gridCharge', form);
  const workMode = Form.useWatch('workMode', form);

  // The form follows the saved settings, not each answer: while the screen asks again for the device's answer, what
  // the customer is changing stays as it is.
  const saved = current
    ? JSON.stringify([
        current.system_id,
        current.workMode,
        current.backupReserveSoc,
        current.feedInLimitPercent,
        current.gridCharge,
        current.chargeWindows,
      ])
    : undefined;
  useEffect(() => {
    if (current) {
      form.setFieldsValue({ ...current, chargeWindows: current.chargeWindows.map((w) => ({ range: [w.start, w.end] })) });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `saved` names what of `current` the form shows
  }, [saved, form]);

  const save = async (values: SettingsForm) => {
    if (!current) return;
    setSaving(true);
    try {
      await monitoringApi.saveSystemSettings(current.sys_sn, {
        backupReserveSoc: values.backupReserveSoc,
        gridCharge: values.gridCharge,
        feedInLimitPercent: values.feedInLimitPercent,
        chargeWindows: values.gridCharge ? (values.chargeWindows ?? []).map((w) => ({ start: w.range[0], end: w.range[1] })) : [],
        workMode: values.workMode,
      });
      void message.success(t('systemSettings.saved'));
      await client.invalidateQueries({ queryKey: monitoringKeys.systemSettings(current.system_id) });
    } catch (error) {
      // The save is quiet: a refusal that names the export limit (the installer keeps it) is shown on that field.
      if (!(error instanceof CallError)) throw error;
      const field = (error.data as { field?: unknown } | null)?.field;
      if (field === 'feedInLimitPercent') {
        form.setFields([{ name: 'feedInLimitPercent', errors: [t('systemSettings.exportLimitKept')] }]);
      } else {
        void message.error(isMessageCode(error.code) ? codeMessage(error.code) : error.info || codeMessage(-1));
      }
    } finally {
      setSaving(false);
    }
  };

  const onDevice = (command: 'workMode' | 'backupReserve' | 'exportLimit' | 'chargeSchedule') =>
    current ? <SettingOnDevice command={command} device={current.device} timeZone={current.time_zone} /> : null;

  return (
    <div>
      <div className="page-head">
        <div>
          <h1>{t('menu:systemSettings')}</h1>
          <p>{t('systemSettings.subtitle')}</p>
        </div>
        {chosen && list.data ? <SystemScopeSelect systems={list.data} value={chosen.sys_sn} onChange={setSn} /> : null}
      </div>
      <Card style={{ maxWidth: 760 }}>
        {isLoading ? (
          <Skeleton active />
        ) : !current || !chosen ? (
          <Empty description={t('selector.none')} />
        ) : (
          <Form form={form} layout="vertical" onFinish={save} className="system-settings">
            <Form.Item
              name="workMode"
              label={t('systemSettings.workMode')}
              extra={<Extra help={workMode ? t(`systemSettings.modeHelp.${workMode}`) : null} status={onDevice('workMode')} />}
            >
              <Select
                options={WORK_MODES.map((mode) => ({ value: mode, label: t(`devices:option.mode.${mode}`) }))}
                optionRender={(option) => (
                  <div className="work-mode-option">
                    <div>{option.label}</div>
                    <Typography.Text type="secondary">{t(`systemSettings.modeHelp.${option.value as string}`)}</Typography.Text>
                  </div>
                )}
              />
            </Form.Item>
            <Form.Item
              name="backupReserveSoc"
              label={t('systemSettings.backupReserve')}
              extra={<Extra help={t('systemSettings.backupReserveHelp')} status={onDevice('backupReserve')} />}
            >
              <Slider min={10} max={100} marks={{ 10: '10%', 50: '50%', 100: '100%' }} tooltip={{ formatter: (v) => `${v}%` }} />
            </Form.Item>
            <Form.Item
              name="feedInLimitPercent"
              label={t('systemSettings.feedInLimit')}
              extra={
                <Extra
                  help={current.export_limit_editable ? t('systemSettings.feedInLimitHelp') : t('systemSettings.feedInLimitByInstaller')}
                  status={onDevice('exportLimit')}
                />
              }
            >
              <Slider
                min={0}
                max={100}
                marks={{ 0: '0%', 60: '60%', 100: '100%' }}
                tooltip={{ formatter: (v) => `${v}%` }}
                disabled={!current.export_limit_editable}
              />
            </Form.Item>
            <Form.Item
              name="gridCharge"
              label={t('systemSettings.gridCharge')}
              extra={<Extra help={t('systemSettings.gridChargeHelp')} status={onDevice('chargeSchedule')} />}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            {gridCharge ? (
              <>
                <Typography.Title level={5}>{t('systemSettings.windows')}</Typography.Title>
                <Form.List name="chargeWindows">
                  {(fields, { add, remove }) => (
                    <>
                      {fields.map((field) => (
                        <Space key={field.key} align="start">
                          <Form.Item name={[field.name, 'range']} rules={[{ required: true, message: t('prices.required') }]}>
                            <TimeRange />
                          </Form.Item>
                          <Button
                            icon={<DeleteOutlined />}
                            aria-label={t('systemSettings.removeWindow')}
                            onClick={() => remove(field.name)}
                          />
                        </Space>
                      ))}
                      <Form.Item>
                        <Button
                          type="dashed"
                          icon={<PlusOutlined />}
                          disabled={fields.length >= MAX_WINDOWS}
                          onClick={() => add({ range: ['00:00', '06:00'] })}
                        >
                          {t('systemSettings.addWindow')}
                        </Button>
                      </Form.Item>
                    </>
                  )}
                </Form.List>
              </>
            ) : null}
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('save')}
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
