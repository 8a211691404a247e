import { TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const FORMAT = 'HH:mm';

/** A 'HH:mm'–'HH:mm' pair edited with antd's time range picker (a range may wrap midnight). */
export function TimeRange({ value, onChange }: { value?: [string, string]; onChange?: (value: [string, string]) => void }) {
  const picked: [Dayjs, Dayjs] | null = value ? [dayjs(value[0], FORMAT), dayjs(value[1], FORMAT)] : null;
  return (
    <TimePicker.RangePicker
      format={FORMAT}
      minuteStep={15}
      order={false}
      allowClear={false}
      value={picked}
      onChange={(range) => range?.[0] && range[1] && onChange?.([range[0].format(FORMAT), range[1].format(FORMAT)])}
    />
  );
}
