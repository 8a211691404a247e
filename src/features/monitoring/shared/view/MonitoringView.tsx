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
import type { Summary, SystemSummary } from '../../../../../contract/monitoring';
import type { DashboardCard } from '../../../../../contract/monitoring-constants';
import { useLiveFlow } from '../flow/useLiveFlow';
import { cardCols, cardsToShow } from './cards';
import { useDayjsLocale } from '../useDayjsLocale';
import { afterNextPaint } from '../../../../ui/afterPaint';
import { useDrawnAfterFirstPaint } from '../../../../ui/useDrawnAfterFirstPaint';
import type { MonitoringDetailsProps } from './MonitoringDetails';
import './monitoring.css';

/**
 * The cards under the figures (curves, bars, income, weather, faults, components) bring tables, date pickers
 * and selects: loaded when the figures are painted, not before them.
 */
const MonitoringDetails = lazy(() => import('./MonitoringDetails'));

const detailsSkeleton = (
  <Card aria-busy>
    <Skeleton active paragraph={{ rows: 8 }} />
  </Card>
);

/**
 * A card under the figures, asked for once the figures are painted: its chunk never holds them back. Its own
 * component, so that the switch re-renders only this card, not the figures, flow and today's card (a long task
 * on a slow machine).
 */
function DetailAfterFigures({ today, ...props }: Omit<MonitoringDetailsProps, 'today'> & { today: string | undefined }) {
  const [figuresShown, setFiguresShown] = useState(false);
  useEffect(() => afterNextPaint(() => setFiguresShown(true)), []);
  if (!figuresShown || !today) return detailsSkeleton;
  return (
    <Suspense fallback={detailsSkeleton}>
      <MonitoringDetails today={today} {...props} />
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
  /** The cards in the order the user chose (the customer's dashboard); all in their default order otherwise. */
  cards?: readonly string[];
  /** Shown beside the power-flow title (the share icon). */
  actions?: ReactNode;
}

/** The live power flow: the newest sample every few seconds while the page is visible (useLiveFlow). */
function FlowCard({ sn, summary, actions }: { sn: string; summary: Summary | undefined; actions: ReactNode }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const flow = useLiveFlow(sn, summary?.flow);
  return (
    <Card
      title={t('flow.title')}
      className="monitor-card-fill"
      extra={
        <Space>
          {flow?.ts && summary ? (
            <Typography.Text type="secondary">
              {t('flow.updated', { time: format.timeOrDateTime(flow.ts, { timeZone: summary.time_zone }) })}
            </Typography.Text>
          ) : null}
          {actions}
        </Space>
      }
    >
      {flow ? <PowerFlow flow={flow} /> : <Skeleton active paragraph={{ rows: 6 }} />}
    </Card>
  );
}

/** The monitoring views of one system or 'All': figures, live power flow, today, day curve, bars, income, weather, faults. */
export function MonitoringView({ system, forCustomer, faultSns, canEdit, showComponents = false, cards, actions }: MonitoringViewProps) {
  const { t } = useTranslation('monitoring');
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

  const cardOf = (card: DashboardCard): ReactNode => {
    switch (card) {
      case 'figures':
        return (
          <Card title={t('figures.title')} className="monitor-card-fill">
            <SystemFigures system={system} />
            {data ? <LifetimeFigures summary={data} /> : null}
          </Card>
        );
      case 'flow':
        return <FlowCard sn={sn} summary={data} actions={actions} />;
      case 'today':
        return <TodayCard summary={data} />;
      default:
        return <DetailAfterFigures card={card} sn={sn} today={today} canEdit={canEdit} faultSns={faultSns} />;
    }
  };

  const shown = cardsToShow(cards, sn, showComponents);
  const cols = cardCols(shown);
  return (
    <div className="monitor" data-sn={sn}>
      <Row gutter={[16, 16]}>
        {shown.map((card) => (
          <Col key={card} {...cols[card]} data-card={card}>
            {cardOf(card)}
          </Col>
        ))}
      </Row>
    </div>
  );
}
