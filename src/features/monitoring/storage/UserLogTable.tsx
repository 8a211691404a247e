import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { monitoringApi } from '../api';
import type { UserLogEntry } from '../../../../contract/monitoring';
import { SystemHistoryTable } from './SystemHistoryTable';

/** Who changed what on a system, newest first, paged. */
export function UserLogTable({ sn }: { sn: string }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  return (
    <SystemHistoryTable<UserLogEntry>
      sn={sn}
      kind="userLog"
      fetchPage={monitoringApi.userLog}
      columns={[
        { key: 'created_at', dataIndex: 'created_at', title: t('log.time'), render: (v: string) => format.dateTime(v) },
        { key: 'username', dataIndex: 'username', title: t('log.user') },
        { key: 'action', dataIndex: 'action', title: t('log.action'), render: (a: string) => t(`log.actions.${a}`, { defaultValue: a }) },
        {
          key: 'detail',
          dataIndex: 'detail',
          title: t('log.detail'),
          render: (d: UserLogEntry['detail']) =>
            d ? (
              <Typography.Text type="secondary">
                {Object.entries(d)
                  .map(([k, v]) => `${k}: ${String(v)}`)
                  .join(', ')}
              </Typography.Text>
            ) : null,
        },
      ]}
    />
  );
}
