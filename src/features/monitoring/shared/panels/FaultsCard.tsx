import { useQueries } from '@tanstack/react-query';
import { Card, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { ListEntry } from '../../../../ui/ListEntry';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import { monitoringApi, monitoringKeys } from '../../api';
import { useFaultText } from '../faultText';
import { StatusTag } from '../status';
import type { Fault } from '../../../../../contract/monitoring';

const RECENT = 5;

/** A fault's level (warning, fault) as the status tag shows it: the colour as dot and border, the text dark. */
export function FaultLevel({ level }: { level: Fault['level'] }) {
  return <StatusTag status={level} />;
}

/** The newest faults of the shown systems (several for 'All'), newest first. */
export function FaultsCard({ sns }: { sns: readonly string[] }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const faultText = useFaultText();
  const results = useQueries({
    queries: sns.map((sn) => ({ queryKey: monitoringKeys.faults(sn, 1, RECENT), queryFn: () => monitoringApi.faults(sn, 1, RECENT) })),
  });
  const loading = results.some((r) => r.isLoading);
  const faults = results
    .flatMap((r, i) => (r.data?.data ?? []).map((f) => ({ ...f, sn: sns[i]! })))
    .sort((a, b) => b.started_at.localeCompare(a.started_at))
    .slice(0, RECENT);

  return (
    <Card title={t('faults.recent')} className="monitor-faults">
      {loading ? (
        <Skeleton active />
      ) : faults.length ? (
        <List
          dataSource={faults}
          renderItem={(f) => (
            <List.Item
              key={`${f.sn}-${f.id}`}
              extra={f.ended_at ? <Tag>{t('faults.cleared')}</Tag> : <Tag color="red">{t('faults.active')}</Tag>}
            >
              <ListEntry
                title={
                  <span>
                    <FaultLevel level={f.level} /> <Typography.Text code>{f.code}</Typography.Text> {faultText(f)}
                  </span>
                }
                description={`${format.dateTime(f.started_at)}${sns.length > 1 ? ` · ${f.sn}` : ''}`}
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('faults.none')} />
      )}
    </Card>
  );
}
