import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Skeleton, Slider, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monitoringApi, monitoringKeys } from '../api';
import type { OperatingSettings } from '../../../../contract/monitoring';
import { SystemScopeSelect } from './SystemScopeSelect';
import { TimeRange } from './TimeRange';

const MAX_WINDOWS = 6;

interface SettingsForm extends Omit<OperatingSettings, 'chargeWindows'> {
  chargeWindows: Array<{ range: [string, string] }>;
}

/** systemSettings: how the customer's own system runs (backup reserve, grid charging, feed-in limit, charge windows). */
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
    queryKey: monitoringKeys.systemSettings(chosen?.system_id),
    queryFn: () => monitoringApi.systemSettings(chosen!.system_id),
    enabled: chosen !== undefined,
  });
  const current = one.data;
  const isLoading = list.isLoading || one.isLoading;
  const gridCharge = Form.useWatch('gridCharge', form);

  useEffect(() => {
    if (current) {
      form.setFieldsValue({ ...current, chargeWindows: current.chargeWindows.map((w) => ({ range: [w.start, w.end] })) });
    }
  }, [current, form]);

  const save = async (values: SettingsForm) => {
    if (!current) return;
    setSaving(true);
    try {
      await monitoringApi.saveSystemSettings(current.sys_sn, {
        backupReserveSoc: values.backupReserveSoc,
        gridCharge: values.gridCharge,
        feedInLimitPercent: values.feedInLimitPercent,
        chargeWindows: values.gridCharge ? (values.chargeWindows ?? []).map((w) => ({ start: w.range[0], end: w.range[1] })) : [],
        workMode: current.workMode,
      });
      void message.success(t('saved'));
      await client.invalidateQueries({ queryKey: monitoringKeys.systemSettings(current.system_id) });
    } catch {
      // the /api client showed why
    } finally {
      setSaving(false);
    }
  };

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
          <Form form={form} layout="vertical" onFinish={save}>
            <Form.Item name="backupReserveSoc" label={t('systemSettings.backupReserve')} extra={t('systemSettings.backupReserveHelp')}>
              <Slider min={10} max={100} marks={{ 10: '10%', 50: '50%', 100: '100%' }} tooltip={{ formatter: (v) => `${v}%` }} />
            </Form.Item>
            <Form.Item name="feedInLimitPercent" label={t('systemSettings.feedInLimit')} extra={t('systemSettings.feedInLimitHelp')}>
              <Slider min={0} max={100} marks={{ 0: '0%', 60: '60%', 100: '100%' }} tooltip={{ formatter: (v) => `${v}%` }} />
            </Form.Item>
            <Form.Item
              name="gridCharge"
              label={t('systemSettings.gridCharge')}
              extra={t('systemSettings.gridChargeHelp')}
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
