import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/format';
import type { FleetOfflineRow } from '../../../shared/monitoring';
import { ResponsiveTable, type ResponsiveColumn } from '../../../ui/ResponsiveTable';
import { countryName } from '../../storage/countries';
import { systemPath } from './systemLink';

/** Systems offline for more than a day, the longest silent first. */
export function OfflineSystemsCard({ offline }: { offline: { data: FleetOfflineRow[]; dataCount: number } }) {
  const { t, i18n } = useTranslation('monitoring');
  const format = useFormat();
  const columns: ResponsiveColumn<FleetOfflineRow>[] = [
    {
      key: 'system',
      title: t('list.sn'),
      card: 'title',
      render: (_, row) => (
        <span className="storage-table__system">
          <Link to={systemPath(row.sys_sn)}><Typography.Text strong style={{ color: 'inherit' }}>{row.sys_sn}</Typography.Text></Link>
          {row.sys_name && <span className="storage-table__name">{row.sys_name}</span>}
        </span>
      ),
    },
    { key: 'place', title: t('list.country'), render: (_, row) => `${countryName(row.country_code, i18n.language)} · ${row.city}` },
    {
      key: 'lastSeen',
      dataIndex: 'last_seen_at',
      title: t('list.lastSeen'),
      render: (v: string | null) => (v ? <span title={format.dateTime(v)}>{format.relative(v)}</span> : t('fleet.offline.never')),
    },
  ];
  return (
    <Card size="small" title={t('fleet.offline.title')} extra={<span className="fleet-card__note">{t('fleet.total', { count: offline.dataCount })}</span>}>
      <ResponsiveTable<FleetOfflineRow>
        tableId="fleetOffline"
        rowKey="sys_sn"
        size="small"
        columns={columns}
        dataSource={offline.data}
        pagination={false}
        locale={{ emptyText: t('fleet.offline.none') }}
      />
    </Card>
  );
}
