import { Col, Progress, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import type { PayoffTotal } from '../../../../../contract/monitoring';
import { SERIES_COLORS } from './series';
import { SystemCostEditor } from './SystemCostEditor';

/**
 * The income card's headline: the income summed over every reported day, the average day of the last 12
 * months, the payback (a date reached, or an estimate that says how it was made) and the cost. What is not
 * known is said: days in service without data, systems left out for their currency. A caller who may not
 * see the cost (cost_hidden: partners, sharers) gets neither cost nor payback.
 */
export function IncomeHeadline({ sn, payoff: p, single, canEdit }: { sn: string; payoff: PayoffTotal; single: boolean; canEdit: boolean }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const money = (amount: number | null) => format.money(amount, p.currency);
  const span = p.cost_hidden ? 12 : 6;
  const basis =
    p.payback_basis === 'last_12_months' || p.payback_basis === 'since_commissioning' ? t(`income.estimated.${p.payback_basis}`) : null;
  return (
    <>
      <Row gutter={[16, 16]} align="top" className="monitor-payback">
        <Col xs={12} md={span}>
          <Statistic title={t('income.total')} value={money(p.income_since_commissioning)} />
        </Col>
        <Col xs={12} md={span}>
          <Statistic title={t('income.perDay')} value={money(p.daily_income)} />
        </Col>
        {p.cost_hidden ? null : (
          <>
            <Col xs={12} md={6}>
              <Statistic
                title={p.payback_basis === 'reached' ? t('income.paidBackOn') : t('income.paybackDate')}
                value={p.payback_date ? format.date(p.payback_date, { style: 'long' }) : t('income.paybackUnknown')}
              />
              {basis ? (
                <Typography.Text type="secondary" className="monitor-estimate">
                  {basis}
                </Typography.Text>
              ) : null}
            </Col>
            <Col xs={12} md={6}>
              <Typography.Text type="secondary">
                {single ? t('income.systemCost') : t('income.systemsCost', { count: p.systems })}
              </Typography.Text>
              {single ? (
                <SystemCostEditor sn={sn} cost={p.system_cost} currency={p.currency} canEdit={canEdit} />
              ) : (
                <div className="monitor-cost">{p.system_cost !== null ? money(p.system_cost) : t('income.costNotSet')}</div>
              )}
              {p.payback_percent !== null ? (
                <Progress
                  percent={Math.min(100, p.payback_percent)}
                  format={() => format.percent(p.payback_percent)}
                  size="small"
                  strokeColor={SERIES_COLORS.savings}
                  aria-label={t('income.paybackProgress')}
                />
              ) : null}
            </Col>
          </>
        )}
      </Row>
      {p.gaps.length ? (
        <Typography.Paragraph type="secondary" className="monitor-gaps">
          {single
            ? t('income.gapOne', {
                reported: format.number(p.gaps[0]!.days_reported, 0),
                inService: format.number(p.gaps[0]!.days_in_service, 0),
              })
            : t('income.gapAll', {
                list: p.gaps
                  .map((g) =>
                    t('income.gapItem', {
                      sn: g.sn,
                      reported: format.number(g.days_reported, 0),
                      inService: format.number(g.days_in_service, 0),
                    }),
                  )
                  .join(', '),
              })}
        </Typography.Paragraph>
      ) : null}
      {!single && p.excluded.length ? (
        <Typography.Paragraph type="secondary">
          {t('income.excluded', { currency: p.currency, sns: p.excluded.join(', ') })}
        </Typography.Paragraph>
      ) : null}
    </>
  );
}
