import { DatePicker, Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Period } from '../../shared/monitoring';

/** Month / year / lifetime, and which month or year. */
export function PeriodPicker({ period, date, today, onChange }: { period: Period; date: Dayjs; today: string; onChange: (period: Period, date: Dayjs) => void }) {
  const { t } = useTranslation('monitoring');
  return (
    <Space wrap size={8}>
      <Segmented<Period>
        value={period}
        onChange={(p) => onChange(p, date)}
        options={(['month', 'year', 'lifetime'] as const).map((p) => ({ value: p, label: t(`period.${p}`) }))}
      />
      {period === 'lifetime' ? null : (
        <DatePicker
          picker={period}
          allowClear={false}
          value={date}
          onChange={(d) => d && onChange(period, d)}
          disabledDate={(d) => d.isAfter(dayjs(today), period)}
          aria-label={t(`period.${period}`)}
        />
      )}
    </Space>
  );
}
