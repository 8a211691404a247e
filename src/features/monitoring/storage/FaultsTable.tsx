import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { monitoringApi } from '../api';
import { useFaultText } from '../shared/faultText';
import { FaultLevel } from '../shared/panels/FaultsCard';
import { faultAdvice } from '../../../../contract/fault-codes';
import type { Fault } from '../../../../contract/monitoring';
import { SystemHistoryTable } from './SystemHistoryTable';

/** Every fault of a system, newest first, paged; a fault of a known code opens to its cause and what to do. */
export function FaultsTable({ sn }: { sn: string }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const faultText = useFaultText();
  const advice = (code: string) => faultAdvice(t, code);
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
      expandable={{
        rowExpandable: (f) => advice(f.code) !== undefined,
        expandedRowRender: (f) => {
          const { cause, remedy } = advice(f.code)!;
          return (
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'cause', label: t('faults.cause'), children: cause },
                { key: 'remedy', label: t('faults.remedy'), children: remedy },
              ]}
            />
          );
        },
      }}
    />
  );
}
