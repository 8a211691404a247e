import { DatePicker, Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Period } from '../../../../../contract/monitoring';
import { useFormat } from '../../../../i18n/format';

/** Month / year / lifetime, and which month or year. */
export function PeriodPicker({
  period,
  date,
  today,
  onChange,
}: {
  period: Period;
  date: Dayjs;
  today: string;
  onChange: (period: Period, date: Dayjs) => void;
}) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
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
          // A month as the language names it ('November 2026', '2026年11月'), typed as that or as 2026-11.
          format={period === 'month' ? [(d: Dayjs) => format.month(d.format('YYYY-MM-DD')), 'YYYY-MM'] : undefined}
        />
      )}
    </Space>
  );
}
