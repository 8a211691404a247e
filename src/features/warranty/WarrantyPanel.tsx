import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Empty, Form, Input, List, Progress, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../contract/codes';
import type { WarrantyAnswer } from '../../../contract/warranty';
import { WARRANTY_COMPONENTS, type WarrantyComponent, type WarrantyState } from '../../../contract/warranty-constants';
import { warrantyDelivery } from '../../../resources/warrantyDelivery';
import { CallError } from '../../api/call';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { AttachmentLinks } from '../../resources/attachments';
import { warrantyApi, warrantyKeys } from './api';

export const STATE_COLORS: Record<WarrantyState, string> = { under: 'green', expiring: 'orange', expired: 'red' };

/** One system's warranty (GetWarranty), or the state of having none; undefined while it loads. */
export function useWarranty(sn: string, enabled = true) {
  return useQuery({
    queryKey: warrantyKeys.one(sn),
    queryFn: () => warrantyApi.get(sn),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** Whether a failed read means 'no terms recorded' (87) rather than a failure. */
export function isMissing(error: unknown): boolean {
  return error instanceof CallError && error.code === Code.WARRANTY_INFO_MISSING;
}

/**
 * A system's warranty: its state and end, each component's term, end and (battery) throughput, the extensions and the
 * delivery note; below them the CDKEY entry for those who may redeem one on it (its owner, after-sales staff).
 * `compact` leaves out the extensions' history (the dashboard card).
 */
export function WarrantyPanel({ sn, compact = false }: { sn: string; compact?: boolean }) {
  const { t } = useTranslation('warranty');
  const format = useFormat();
  const can = useCanAccess();
  const warranty = useWarranty(sn);
  if (warranty.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (warranty.error) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={isMissing(warranty.error) ? t('missing') : warranty.error.message} />;
  }
  const data = warranty.data!;
  return (
    <div className="warranty-panel" data-testid="warranty-panel">
      <Space wrap style={{ marginBottom: 8 }}>
        <WarrantyStateTag state={data.state} end={data.end_on} />
        <Typography.Text type="secondary">
          {t('startedOn', { date: format.date(data.start_on), basis: t(`basis.${data.start_basis}`) })}
        </Typography.Text>
      </Space>
      <List
        size="small"
        dataSource={data.components}
        renderItem={(c) => (
          <List.Item key={`${c.kind}:${c.sn}`}>
            <div style={{ width: '100%' }}>
              <Space wrap>
                <Typography.Text strong>{t(`component.${c.kind}`)}</Typography.Text>
                {c.sn ? <Typography.Text type="secondary">{c.sn}</Typography.Text> : null}
                <Tag color={STATE_COLORS[c.state]}>{t(`state.${c.state}`)}</Tag>
              </Space>
              <div>
                {t('componentTerm', { years: c.years, end: format.date(c.end_on) })}
                {c.extra_years > 0 ? ` · ${t('extraYears', { years: c.extra_years })}` : null}
                {c.ended_by === 'throughput' ? ` · ${t('endedByThroughput')}` : null}
              </div>
              {c.kind === 'battery' && c.allowed_mwh !== null ? (
                <div>
                  <Progress
                    percent={Math.min(100, Math.round(((c.used_mwh ?? 0) / c.allowed_mwh) * 1000) / 10)}
                    size="small"
                    status={c.ended_by === 'throughput' ? 'exception' : 'normal'}
                    format={() =>
                      t('throughput', { used: format.number(c.used_mwh ?? 0, 2), allowed: format.number(c.allowed_mwh ?? 0, 1) })
                    }
                  />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('throughputHelp')}
                  </Typography.Text>
                </div>
              ) : null}
            </div>
          </List.Item>
        )}
      />
      {!compact && data.extensions.length > 0 ? (
        <Descriptions size="small" column={1} title={t('extensions')}>
          {data.extensions.map((e, i) => (
            <Descriptions.Item key={i} label={format.date(e.at)}>
              {t(`component.${e.component}`)}: {t('extraYears', { years: e.years })}
              {e.mwh > 0 ? `, ${t('extraMwh', { mwh: format.number(e.mwh, 1) })}` : ''}
              {e.by ? ` (${e.by})` : ''}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
      {!compact && data.delivery_note.length > 0 ? (
        <div style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">{t('deliveryNote')}: </Typography.Text>
          <AttachmentLinks declaration={warrantyDelivery} value={data.delivery_note} />
        </div>
      ) : null}
      {can('warrantyKey', 'update') ? <RedeemForm sn={sn} warranty={data} /> : null}
    </div>
  );
}

/** 'Under warranty until …', 'ending on …' or 'out of warranty since …'. */
export function WarrantyStateTag({ state, end }: { state: WarrantyState; end: string }) {
  const { t } = useTranslation('warranty');
  const format = useFormat();
  return (
    <Tag color={STATE_COLORS[state]} icon={<SafetyCertificateOutlined />} data-testid="warranty-state">
      {t(`until.${state}`, { date: format.date(end) })}
    </Tag>
  );
}

/** The CDKEY entry: which component, the key; the answer's code (75-81, 92, 94) is shown by the /api client. */
function RedeemForm({ sn, warranty }: { sn: string; warranty: WarrantyAnswer }) {
  const { t } = useTranslation('warranty');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ component: WarrantyComponent; cdkey: string }>();
  const redeem = useMutation({
    mutationFn: (values: { component: WarrantyComponent; cdkey: string }) => warrantyApi.redeem({ sys_sn: sn, ...values }),
    onSuccess: (answer) => {
      queryClient.setQueryData(warrantyKeys.one(sn), answer);
      void queryClient.invalidateQueries({ queryKey: ['warranty', 'list'] });
      form.resetFields(['cdkey']);
      void message.success(t('redeemed'));
    },
  });
  return (
    <Form
      form={form}
      layout="inline"
      style={{ marginTop: 12, rowGap: 8 }}
      initialValues={{ component: warranty.battery_extendable ? 'battery' : 'inverter' }}
      onFinish={(values) => redeem.mutate(values)}
      aria-label={t('redeemTitle')}
    >
      <Form.Item name="component" label={t('redeemTitle')}>
        <Select style={{ width: 140 }} options={WARRANTY_COMPONENTS.map((c) => ({ value: c, label: t(`component.${c}`) }))} />
      </Form.Item>
      <Form.Item name="cdkey" rules={[{ required: true, message: t('cdkeyRequired') }]}>
        <Input placeholder={t('cdkey')} aria-label={t('cdkey')} maxLength={40} style={{ width: 200 }} autoComplete="off" />
      </Form.Item>
      <Form.Item>
        <Button htmlType="submit" loading={redeem.isPending}>
          {t('redeem')}
        </Button>
      </Form.Item>
    </Form>
  );
}
