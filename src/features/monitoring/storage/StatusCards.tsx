import { useQuery } from '@tanstack/react-query';
import { earlyAnswerQuery } from '../../../api/earlyAnswers';
import { Card, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { monitoringApi, monitoringKeys } from '../api';
import { STATUS_COLORS, StatusDot } from '../shared/status';
import { EMS_STATUSES } from '../../../../contract/monitoring-constants';
import type { Filters } from './SystemFilters';
import { LIVE_REFRESH_MS } from './listQuery';
import './storage.css';

const KEYS = ['total', ...EMS_STATUSES, 'unknown'] as const;
export type StatusFilter = (typeof KEYS)[number];

/** What the storage list searches for besides the status: the cards then count among what it finds. */
export type StatusSearch = Pick<Filters, 'sn' | 'name' | 'countryCode' | 'installer'>;

/**
 * Systems per status in the caller's scope, or (with `search`, on the storage list) among the systems the
 * list's search finds, so a card's number is what the list shows after a click on it; a click filters the
 * list by that status ('total' clears it).
 */
export function StatusCards({
  active,
  search,
  onSelect,
}: {
  active?: string;
  search?: StatusSearch;
  onSelect: (status: StatusFilter) => void;
}) {
  const { t } = useTranslation('monitoring');
  const { data, isLoading } = useQuery({
    // A new search keeps the previous numbers on screen until its own arrive (no flicker to a skeleton); a cold
    // start shows the numbers asked for ahead.
    ...earlyAnswerQuery(
      monitoringKeys.statusCounts(search ?? null),
      () => (search ? monitoringApi.listStatusCounts(search) : monitoringApi.statusCounts()),
      { keepPrevious: true },
    ),
    // Kept current with the list under them (paused while the tab is hidden).
    refetchInterval: LIVE_REFRESH_MS,
  });
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <Row gutter={[12, 12]} className="status-cards">
      {KEYS.map((key) => {
        const selected = (active ?? 'total') === key;
        return (
          <Col key={key} flex="1 0 132px">
            <Card
              hoverable
              size="small"
              className={`status-card${selected ? ' status-card--active' : ''}`}
              style={{ borderTopColor: key === 'total' ? '#0f9f6e' : STATUS_COLORS[key] }}
              onClick={() => onSelect(key)}
              role="button"
              aria-pressed={selected}
              data-testid={`status-card-${key}`}
            >
              <div className="status-card__label">
                {key === 'total' ? null : <StatusDot status={key === 'unknown' ? null : key} />}
                {t(key === 'total' ? 'list.total' : `status.${key}`)}
              </div>
              <div className="status-card__count">{data[key]}</div>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
