import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { earlyAnswerQuery } from '../../../../api/earlyAnswers';
import { monitoringApi, monitoringKeys } from '../../api';
import { PowerFlow } from '../flow/PowerFlow';
import { localToday, useFormat } from '../../../../i18n/format';
import { LifetimeFigures } from '../panels/LifetimeFigures';
import { SystemFigures } from '../panels/SystemFigures';
import { TodayCard } from '../panels/TodayCard';
import type { SystemSummary } from '../../../../../contract/monitoring';
import { useDayjsLocale } from '../useDayjsLocale';
import { afterNextPaint } from '../../../../ui/afterPaint';
import { useDrawnAfterFirstPaint } from '../../../../ui/useDrawnAfterFirstPaint';
import type { MonitoringDetailsProps } from './MonitoringDetails';
import './monitoring.css';

/**
 * The cards under the figures (curves, bars, income, weather, faults, components) bring tables, date pickers
 * and selects: loaded when the figures are there, not before them (issue 11, point 4).
 */
const MonitoringDetails = lazy(() => import('./MonitoringDetails'));

const detailsSkeleton = (
  <Col span={24}>
    <Card aria-busy>
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  </Col>
);

/**
 * The cards under the figures, asked for once the figures are painted: their chunks never hold the figures back.
 * Its own component, so that the switch re-renders only this part, not the figures, flow and today's card above
 * it (a long task on a slow machine).
 */
function DetailsAfterFigures(props: MonitoringDetailsProps) {
  const [figuresShown, setFiguresShown] = useState(false);
  useEffect(() => afterNextPaint(() => setFiguresShown(true)), []);
  if (!figuresShown) return detailsSkeleton;
  return (
    <Suspense fallback={detailsSkeleton}>
      <MonitoringDetails {...props} />
    </Suspense>
  );
}

/** How often the live figures are fetched again (a sample arrives every trans_frequency seconds). */
const LIVE_REFRESH_MS = 60_000;

export interface MonitoringViewProps {
  system: SystemSummary;
  /** Customers and sharers: their calls (which also take 'All'); staff: the one-system calls. */
  forCustomer: boolean;
  /** The systems whose faults are listed ('All': every one of the customer's). */
  faultSns: readonly string[];
  canEdit: boolean;
  /** The customer's dashboard shows what the system is built from (staff have a tab for it). */
  showComponents?: boolean;
  /** Shown beside the power-flow title (the share icon). */
  actions?: ReactNode;
}

/** The monitoring views of one system or 'All': figures, live power flow, today, day curve, bars, income, weather, faults. */
export function MonitoringView({ system, forCustomer, faultSns, canEdit, showComponents = false, actions }: MonitoringViewProps) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  useDayjsLocale();
  const sn = system.sys_sn;
  const summary = useQuery({
    ...earlyAnswerQuery(monitoringKeys.summary(sn, forCustomer), () => monitoringApi.summary(sn, forCustomer)),
    refetchInterval: LIVE_REFRESH_MS,
  });
  // The figures, power flow and today's card are drawn after the cards around them, and from a later answer in
  // slices (a deferred render), not in the one long task a query's answer renders in (Lighthouse total blocking
  // time).
  const data = useDrawnAfterFirstPaint(summary.data);
  const today = data ? localToday(data.time_zone) : undefined;

  return (
    <div className="monitor" data-sn={sn}>
      <Row gutter={[16, 16]}>
        {/* The figures' card gets a seventh: German and Japanese labels need it beside their values. */}
        <Col xs={24} lg={12} xl={7}>
          <Card title={t('figures.title')} className="monitor-card-fill">
            <SystemFigures system={system} />
            {data ? <LifetimeFigures summary={data} /> : null}
          </Card>
        </Col>
        <Col xs={24} lg={12} xl={10}>
          <Card
            title={t('flow.title')}
            className="monitor-card-fill"
            extra={
              <Space>
                {data?.flow.ts ? (
                  <Typography.Text type="secondary">
                    {t('flow.updated', { time: format.timeOrDateTime(data.flow.ts, { timeZone: data.time_zone }) })}
                  </Typography.Text>
                ) : null}
                {actions}
              </Space>
            }
          >
            {data ? <PowerFlow flow={data.flow} /> : <Skeleton active paragraph={{ rows: 6 }} />}
          </Card>
        </Col>
        <Col xs={24} xl={7}>
          <TodayCard summary={data} />
        </Col>
        {today ? <DetailsAfterFigures sn={sn} today={today} canEdit={canEdit} faultSns={faultSns} showComponents={showComponents} /> : null}
      </Row>
    </div>
  );
}
