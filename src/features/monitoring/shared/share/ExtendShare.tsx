import { Button, Form, Input, Popover, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import { monitoringApi, CallError } from '../../api';
import { daysRules, rangeText } from './daysRules';

/** 'Extend': a small form for the days to add to one share; the server's refusal goes under the field. */
export function ExtendShare({ sn, id, onExtended }: { sn: string; id: number; onExtended: () => void }) {
  const { t } = useTranslation('monitoring');
  const fmt = useFormat();
  const [form] = Form.useForm<{ days: string }>();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async ({ days }: { days: string }) => {
    setSaving(true);
    try {
      await monitoringApi.extendShare(sn, id, Number(days));
      setOpen(false);
      form.resetFields();
      onExtended();
    } catch (error) {
      // A refused number of days (2, 3) is said in the dialog's words, never the server's English.
      const badDays = error instanceof CallError && (error.code === 2 || error.code === 3);
      form.setFields([{ name: 'days', errors: [badDays ? rangeText(t, fmt) : t('share.failed')] }]);
    } finally {
      setSaving(false);
    }
  };

  const content = (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} style={{ width: 220 }}>
      <Form.Item name="days" label={t('share.extendBy')} rules={daysRules(t, fmt)}>
        <Input inputMode="numeric" suffix={t('share.daysUnit')} autoFocus />
      </Form.Item>
      <Space>
        <Button onClick={() => setOpen(false)}>{t('common:actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('share.extend')}
        </Button>
      </Space>
    </Form>
  );
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" content={content} destroyOnHidden>
      <Button size="small">{t('share.extend')}</Button>
    </Popover>
  );
}
