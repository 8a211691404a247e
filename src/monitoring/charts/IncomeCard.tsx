import { Column } from './LazyChart';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Progress, Row, Spin, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calls, EXPORTS } from '../calls';
import { useFormat } from '../../i18n/format';
import { ALL_SN, type Period } from '../../shared/monitoring';
import { ExportButton } from './ExportButton';
import { periodLabel } from './periodLabel';
import { PeriodPicker } from './PeriodPicker';
import { SERIES_COLORS } from './series';
import { SystemCostEditor } from './SystemCostEditor';

/** Income (savings + feed-in) per period, and the payback: when the savings repay the cost (of one system, or of all together). */
export function IncomeCard({ sn, today, canEdit }: { sn: string; today: string; canEdit: boolean }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const money = (amount: number | null, currency: string) => format.money(amount, currency);
  const [period, setPeriod] = useState<Period>('year');
  const [date, setDate] = useState(dayjs(today));
  const day = date.format('YYYY-MM-DD');
  const single = sn !== ALL_SN;
  const bars = useQuery({ queryKey: ['monitoring', 'income', sn, period, day], queryFn: () => calls.incomeBars(sn, period, day) });
  const payoff = useQuery({ queryKey: ['monitoring', 'payoff', sn], queryFn: () => calls.payoff(sn) });
  const currency = payoff.data?.currency ?? bars.data?.currency ?? 'EUR';

  const rows = useMemo(
    () =>
      (bars.data?.bars ?? []).flatMap((bar) => [
        { label: periodLabel(bar.label, period, format), series: t('income.savings'), value: bar.savings },
        { label: periodLabel(bar.label, period, format), series: t('income.feedIn'), value: bar.feed_in },
      ]),
    [bars.data, period, t, format],
  );
  const p = payoff.data;

  return (
    <Card title={t('income.title')} extra={<ExportButton path={EXPORTS.income} body={{ sn, period, date: day }} label={t('export.income')} />}>
      {p ? (
        <Row gutter={[16, 16]} align="middle" className="monitor-payback">
          <Col xs={12} md={6}>
            <Statistic title={t('income.total')} value={money(p.income_since_commissioning, currency)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('income.perDay')} value={money(p.daily_income, currency)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('income.paybackDate')}
              value={p.payback_date ? format.date(p.payback_date, { style: 'long' }) : t('income.paybackUnknown')}
            />
          </Col>
          <Col xs={12} md={6}>
            <Typography.Text type="secondary">{single ? t('income.systemCost') : t('income.systemsCost', { count: p.systems ?? 0 })}</Typography.Text>
            {single ? (
              <SystemCostEditor sn={sn} cost={p.system_cost} currency={currency} canEdit={canEdit} />
            ) : (
              <span className="monitor-cost">{p.system_cost !== null ? money(p.system_cost, currency) : t('income.costNotSet')}</span>
            )}
            {p.payback_percent !== null ? <Progress percent={p.payback_percent} size="small" strokeColor={SERIES_COLORS.savings} /> : null}
          </Col>
        </Row>
      ) : (
        <Row className="monitor-payback">
          <Col>
            <Statistic title={t('income.periodTotal')} value={money(bars.data?.total ?? null, currency)} />
          </Col>
        </Row>
      )}
      {!single && p?.excluded?.length ? (
        <Typography.Paragraph type="secondary">{t('income.excluded', { currency, sns: p.excluded.join(', ') })}</Typography.Paragraph>
      ) : null}
      <div className="monitor-toolbar">
        <PeriodPicker period={period} date={date} today={today} onChange={(next, d) => { setPeriod(next); setDate(d); }} />
      </div>
      <Spin spinning={bars.isLoading}>
        {rows.length ? (
          <Column
            data={rows}
            xField="label"
            yField="value"
            colorField="series"
            stack
            height={240}
            autoFit
            scale={{ color: { domain: [t('income.savings'), t('income.feedIn')], range: [SERIES_COLORS.savings, SERIES_COLORS.feedIn] } }}
            axis={{ x: { title: false }, y: { title: currency, labelFormatter: (v: number) => format.number(v, { digits: 2, trim: true }) } }}
            legend={{ color: { position: 'top', layout: { justifyContent: 'center' } } }}
            tooltip={{ channel: 'y', valueFormatter: (v: number) => money(v, currency) }}
          />
        ) : (
          <Empty style={{ padding: 40 }} description={bars.isLoading ? t('loading') : t('bars.noData')} />
        )}
      </Spin>
    </Card>
  );
}
