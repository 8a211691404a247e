import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import { useFaultText } from '../../shared/faultText';
import { StatusTag } from '../../shared/status';
import type { FleetFaultRow } from '../../../../../contract/monitoring';
import type { ResponsiveColumn } from '../../../../ui/ResponsiveTable';
import { FleetListCard } from './FleetListCard';

/** Systems with an open fault, the newest fault first: the fault in the reader's language and since when. */
export function FaultSystemsCard({ faults }: { faults: { data: FleetFaultRow[]; dataCount: number } }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const faultText = useFaultText();
  const columns: ResponsiveColumn<FleetFaultRow>[] = [
    {
      key: 'level',
      dataIndex: 'level',
      title: t('faults.level'),
      card: 'status',
      // The status tag's look: the colour as dot and border, the text dark (white on the warning orange was 2:1).
      render: (level: FleetFaultRow['level']) => <StatusTag status={level} />,
    },
    {
      key: 'fault',
      title: t('fleet.faults.fault'),
      render: (_, row) => (
        <span>
          {faultText(row)}
          {row.open_faults > 1 && <span className="fleet-card__note"> · {t('fleet.faults.more', { count: row.open_faults - 1 })}</span>}
        </span>
      ),
    },
    {
      key: 'since',
      dataIndex: 'started_at',
      title: t('fleet.faults.since'),
      render: (v: string) => <span title={format.dateTime(v)}>{format.relative(v)}</span>,
    },
  ];
  return (
    <FleetListCard
      tableId="fleetFaults"
      title={t('fleet.faults.title')}
      emptyText={t('fleet.faults.none')}
      rows={faults}
      columns={columns}
    />
  );
}
