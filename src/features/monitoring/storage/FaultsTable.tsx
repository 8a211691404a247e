import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { monitoringApi } from '../api';
import { useFaultText } from '../shared/faultText';
import { FaultLevel } from '../shared/panels/FaultsCard';
import type { Fault } from '../../../../contract/monitoring';
import { SystemHistoryTable } from './SystemHistoryTable';

/** Every fault of a system, newest first, paged. */
export function FaultsTable({ sn }: { sn: string }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const faultText = useFaultText();
  return (
    <SystemHistoryTable<Fault>
      sn={sn}
      kind="faults"
      fetchPage={monitoringApi.faults}
      columns={[
        { key: 'level', dataIndex: 'level', title: t('faults.level'), render: (level: Fault['level']) => <FaultLevel level={level} /> },
        {
          key: 'code',
          dataIndex: 'code',
          title: t('faults.code'),
          render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
        },
        { key: 'description', dataIndex: 'description', title: t('faults.description'), render: (_: string, f: Fault) => faultText(f) },
        { key: 'started_at', dataIndex: 'started_at', title: t('faults.started'), render: (v: string) => format.dateTime(v) },
        {
          key: 'ended_at',
          dataIndex: 'ended_at',
          title: t('faults.ended'),
          render: (v: string | null) => (v ? format.dateTime(v) : <Tag color="red">{t('faults.active')}</Tag>),
        },
      ]}
    />
  );
}
