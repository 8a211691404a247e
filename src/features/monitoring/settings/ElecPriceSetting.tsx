import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, InputNumber, Select, Skeleton, Space, Typography, type FormRule } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { monitoringApi, monitoringKeys } from '../api';
import { firstOverlap, nextPeriod, periodRange } from '../../../../contract/tariffPeriods';
import { SystemScopeSelect, useOwnSystems } from './SystemScopeSelect';
import { TimeRange } from './TimeRange';
import './settings.css';

const CURRENCIES = ['EUR', 'CHF', 'GBP', 'USD', 'JPY', 'CNY', 'AUD', 'ZAR'];
const MAX_PERIODS = 12;

interface PriceForm {
  currency: string;
  basePrice: number;
  feedInPrice: number;
  periods: Array<{ range: [string, string]; price: number }>;
}

const timesOf = (periods: PriceForm['periods'] | undefined) =>
  (periods ?? []).filter((p) => p?.range).map((p) => ({ start: p.range[0], end: p.range[1] }));

/** elecPriceSetting: time-of-use buy prices, the feed-in tariff and the currency, for one system or all. */
export default function ElecPriceSetting() {
  const { t } = useTranslation('monitoring');
  const { message } = App.useApp();
  const fmt = useFormat();
  const client = useQueryClient();
  const [sn, setSn] = useState('');
  const ownSystems = useOwnSystems();
  const [form] = Form.useForm<PriceForm>();
  const [saving, setSaving] = useState(false);
  const { data, isLoading } = useQuery({ queryKey: monitoringKeys.tariff(sn), queryFn: () => monitoringApi.tariff(sn || undefined) });
  const currency = Form.useWatch('currency', form) ?? data?.currency;

  useEffect(() => {
    if (data) {
      form.setFieldsValue({
        currency: data.currency,
        basePrice: data.basePrice,
        feedInPrice: data.feedInPrice,
        periods: data.periods.map((p) => ({ range: [p.start, p.end], price: p.price })),
      });
    }
  }, [data, form]);

  /** A new period starts where the last one ends and never overlaps one (a full day leaves no room: said so). */
  const addPeriod = (add: (value: PriceForm['periods'][number]) => void) => {
    const next = nextPeriod(timesOf(form.getFieldValue('periods')));
    if (!next) {
      void message.warning(t('prices.dayFull'));
      return;
    }
    add({ range: [next.start, next.end], price: form.getFieldValue('basePrice') });
  };

  const save = async (values: PriceForm) => {
    setSaving(true);
    try {
      await monitoringApi.saveTariff({
        ...(sn ? { sn } : {}),
        currency: values.currency,
        basePrice: values.basePrice,
        feedInPrice: values.feedInPrice,
        periods: (values.periods ?? []).map((p) => ({ start: p.range[0], end: p.range[1], price: p.price })),
      });
      void message.success(t('saved'));
      await client.invalidateQueries({ queryKey: monitoringKeys.all });
    } catch {
      // the /api client showed why (110: periods overlap)
    } finally {
      setSaving(false);
    }
  };

  // No `min`: antd would turn −5 into 0.00 without a word; the rule below refuses it instead (the server too,
  // for feed-in as well: see tariffBody in contract/monitoring-requests.ts).
  // The language's decimal mark ('0,27' in German), read from Intl through the formatting layer.
  const decimalSeparator = fmt.number(1.5, 1).replace(/\d/g, '');
  const price = { max: 100000, step: 0.01, decimalSeparator, addonAfter: `${currency ?? ''}/kWh`, style: { width: 220 } };
  const priceRules: FormRule[] = [
    { required: true, message: t('prices.required') },
    { type: 'number', min: 0, message: t('prices.negative') },
  ];
  // Two periods covering the same minute, named by their rows (the server answers 110 with the same rows).
  const noOverlap = {
    validator: async (_rule: unknown, periods: PriceForm['periods'] | undefined) => {
      const times = timesOf(periods);
      const overlap = firstOverlap(times);
      if (!overlap) return;
      throw new Error(
        t('prices.overlap', {
          first: overlap.first + 1,
          firstRange: periodRange(times[overlap.first]!),
          second: overlap.second + 1,
          secondRange: periodRange(times[overlap.second]!),
        }),
      );
    },
  };
  return (
    <div>
      <div className="page-head">
        <div>
          <h1>{t('menu:elecPriceSetting')}</h1>
          <p>{t('prices.subtitle')}</p>
        </div>
        <SystemScopeSelect systems={ownSystems.data ?? []} value={sn} onChange={setSn} defaultLabel={t('prices.allSystems')} />
      </div>
      <Card style={{ maxWidth: 760 }}>
        {isLoading ? (
          <Skeleton active />
        ) : (
          <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
            {data?.isDefault ? <Alert type="info" showIcon message={t('prices.typical')} style={{ marginBottom: 16 }} /> : null}
            <Form.Item name="currency" label={t('prices.currency')} rules={[{ required: true, message: t('prices.required') }]}>
              <Select
                style={{ width: 160 }}
                options={[...new Set([...CURRENCIES, data?.currency ?? 'EUR'])].map((c) => ({ value: c, label: c }))}
              />
            </Form.Item>
            <Space wrap size={24} align="start">
              <Form.Item name="basePrice" label={t('prices.base')} extra={t('prices.baseHelp')} rules={priceRules}>
                <InputNumber<number> {...price} />
              </Form.Item>
              <Form.Item name="feedInPrice" label={t('prices.feedIn')} extra={t('prices.feedInHelp')} rules={priceRules}>
                <InputNumber<number> {...price} />
              </Form.Item>
            </Space>
            <Typography.Title level={5}>{t('prices.periods')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('prices.periodsHelp')}</Typography.Paragraph>
            <Form.List name="periods" rules={[noOverlap]}>
              {(fields, { add, remove }, { errors }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="start" wrap size={[8, 0]} className="price-period">
                      <Form.Item name={[field.name, 'range']} rules={[{ required: true, message: t('prices.required') }]}>
                        <TimeRange />
                      </Form.Item>
                      <Form.Item name={[field.name, 'price']} rules={priceRules}>
                        <InputNumber<number> {...price} />
                      </Form.Item>
                      <Button icon={<DeleteOutlined />} aria-label={t('prices.removePeriod')} onClick={() => remove(field.name)} />
                    </Space>
                  ))}
                  <Form.ErrorList errors={errors} />
                  <Form.Item>
                    <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= MAX_PERIODS} onClick={() => addPeriod(add)}>
                      {t('prices.addPeriod')}
                    </Button>
                  </Form.Item>
                </>
              )}
            </Form.List>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('save')}
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
