import { Card, Empty, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../../i18n/format';
import { useFaultText } from '../../shared/faultText';
import { STATUS_COLORS } from '../../shared/status';
import type { FleetEvent } from '../../../../../contract/monitoring';
import { systemPath } from './systemLink';

function colorOf(event: FleetEvent): string {
  if (event.kind === 'fault_started' && event.level) return STATUS_COLORS[event.level];
  if (event.kind === 'offline') return STATUS_COLORS.offline;
  return STATUS_COLORS.normal;
}

/** The fleet's last events, newest first: a fault started or ended, a system went offline or came back. */
export function EventsCard({ events }: { events: FleetEvent[] }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const faultText = useFaultText();
  return (
    <Card size="small" title={t('fleet.events.title')}>
      {events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fleet.events.none')} />
      ) : (
        <Timeline
          className="fleet-events"
          items={events.map((event) => ({
            key: event.id,
            color: colorOf(event),
            children: (
              <div className="fleet-event">
                <div>
                  <Typography.Text strong>{t(`fleet.events.${event.kind}`)}</Typography.Text>
                  {' · '}
                  <Link to={systemPath(event.sys_sn)}>{event.sys_sn}</Link>
                  {event.sys_name && <span className="fleet-card__note"> {event.sys_name}</span>}
                </div>
                {event.code && event.description !== null && (
                  <div className="fleet-event__text">{faultText({ code: event.code, description: event.description })}</div>
                )}
                <div className="fleet-card__note" title={format.dateTime(event.at)}>
                  {format.timeOrDateTime(event.at)}
                </div>
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
