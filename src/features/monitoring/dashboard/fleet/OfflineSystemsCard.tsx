import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import type { FleetOfflineRow } from '../../../../../contract/monitoring';
import type { ResponsiveColumn } from '../../../../ui/ResponsiveTable';
import { countryLabel } from '../../../../../contract/countries';
import { FleetListCard } from './FleetListCard';

/** Systems offline for more than a day, the longest silent first. */
export function OfflineSystemsCard({ offline }: { offline: { data: FleetOfflineRow[]; dataCount: number } }) {
  const { t, i18n } = useTranslation('monitoring');
  const format = useFormat();
  const columns: ResponsiveColumn<FleetOfflineRow>[] = [
    { key: 'place', title: t('list.country'), render: (_, row) => `${countryLabel(row.country_code, i18n.language)} · ${row.city}` },
    {
      key: 'lastSeen',
      dataIndex: 'last_seen_at',
      title: t('list.lastSeen'),
      render: (v: string | null) => (v ? <span title={format.dateTime(v)}>{format.relative(v)}</span> : t('fleet.offline.never')),
    },
  ];
  return (
    <FleetListCard
      tableId="fleetOffline"
      title={t('fleet.offline.title')}
      emptyText={t('fleet.offline.none')}
      rows={offline}
      columns={columns}
    />
  );
}
