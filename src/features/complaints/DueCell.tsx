import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';

/** When a complaint's nearest running clock is due, red with 'Overdue' once past its target; a dash when none runs. */
export function DueCell({ dueAt, overdue }: { dueAt: string | null | undefined; overdue: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!dueAt) return <Typography.Text type="secondary">–</Typography.Text>;
  return (
    <Space size={4} wrap data-testid="complaint-due">
      <Typography.Text type={overdue ? 'danger' : undefined}>{format.dateTime(dueAt)}</Typography.Text>
      {overdue && <Tag color="error">{t('complaints:clocks.overdue')}</Tag>}
    </Space>
  );
}
