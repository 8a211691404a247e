import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { calls } from '../../monitoring/calls';
import { STATUS_COLORS, StatusDot } from '../../monitoring/status';
import { EMS_STATUSES } from '../../shared/monitoring';
import './storage.css';

const KEYS = ['total', ...EMS_STATUSES, 'unknown'] as const;
export type StatusFilter = (typeof KEYS)[number];

/** Systems per status in the caller's scope; a click filters the list by that status ('total' clears it). */
export function StatusCards({ active, onSelect }: { active?: string; onSelect: (status: StatusFilter) => void }) {
  const { t } = useTranslation('monitoring');
  const { data, isLoading } = useQuery({ queryKey: ['monitoring', 'statusCounts'], queryFn: calls.statusCounts });
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
