import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../auth/useUser';
import { useFormat } from '../../i18n/format';
import { useScreens } from '../../ui/useScreens';
import { workHourKeys, workHoursApi, type WorkHourRow } from './api';
import { mondayOf, weekDays, weekTotals } from './weekTotals';

const today = () => dayjs().format('YYYY-MM-DD');
const shiftDays = (day: string, days: number) => dayjs(day).add(days, 'day').format('YYYY-MM-DD');

/**
 * The signed-in engineer's week: a week picker (Monday to Sunday), each day with its entries and
 * its total, and the week's total. An entry opens in the entries tab's drawer; 'Log hours' opens its form there.
 */
export function WeekView({ monday, onWeek, onOpen }: { monday: string; onWeek: (monday: string) => void; onOpen: (id?: number) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const screens = useScreens();
  const username = useUser()?.username ?? '';
  const days = weekDays(monday);
  const { data, isLoading } = useQuery({
    queryKey: workHourKeys.week(monday, username),
    queryFn: () => workHoursApi.entries(days[0]!, days[6]!, username),
    enabled: !!username,
  });
  // The engineer filter matches a part of a name: the week shows this engineer's entries only.
  const own = (data?.data ?? []).filter((e) => e.engineer === username);
  const week = weekTotals<WorkHourRow>(own, monday);
  const weekday = new Intl.DateTimeFormat(fmt.locale, { weekday: 'long', timeZone: 'UTC' });
  const hours = (value: number) => t('workhours:week.of', { hours: fmt.number(value, { digits: 2, trim: true }) });
  const kind = (value: string) => t(`workhours:RAndDtimereport.options.kind.${value}`, { defaultValue: value });

  return (
    <Card data-testid="workhours-week" styles={{ body: { padding: screens.md ? 24 : 12 } }}>
      <div className="workhours-toolbar">
        <Space.Compact>
          <Button icon={<LeftOutlined />} aria-label={t('workhours:week.previous')} onClick={() => onWeek(shiftDays(monday, -7))} />
          <DatePicker
            picker="week"
            allowClear={false}
            value={dayjs(monday)}
            // The week as its first and last day in the reader's format (antd's default '2026-48th' is English), what
            // the two share written once: two whole dates did not fit the field in Chinese.
            format={() => fmt.dayRange(days[0], days[6])}
            style={{ width: 230 }}
            aria-label={t('workhours:week.thisWeek')}
            onChange={(picked) => picked && onWeek(mondayOf(picked.format('YYYY-MM-DD')))}
          />
          <Button icon={<RightOutlined />} aria-label={t('workhours:week.next')} onClick={() => onWeek(shiftDays(monday, 7))} />
        </Space.Compact>
        <Button onClick={() => onWeek(mondayOf(today()))}>{t('workhours:week.thisWeek')}</Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => onOpen()} data-testid="workhours-log" className="workhours-log">
          {t('workhours:week.log')}
        </Button>
      </div>
      <Typography.Title level={5} data-testid="workhours-week-total">
        {t('workhours:week.weekTotal', { hours: fmt.number(week.total, { digits: 2, trim: true }) })}
      </Typography.Title>
      <List
        loading={isLoading}
        dataSource={week.days}
        rowKey="day"
        renderItem={(day) => (
          <List.Item data-testid={`workhours-day-${day.day}`} className="workhours-day">
            <div className="workhours-day-head">
              <Typography.Text strong>
                {weekday.format(new Date(`${day.day}T00:00:00Z`))}, {fmt.date(day.day)}
              </Typography.Text>
              <Tag color={day.hours > 0 ? 'blue' : 'default'} data-testid="workhours-day-total">
                {t('workhours:week.dayTotal')}: {hours(day.hours)}
              </Tag>
            </div>
            {day.entries.length === 0 ? (
              <Typography.Text type="secondary">{t('workhours:week.empty')}</Typography.Text>
            ) : (
              <ul className="workhours-entries">
                {day.entries.map((e) => (
                  <li key={e.id}>
                    <Button type="link" size="small" onClick={() => onOpen(e.id)} className="workhours-entry">
                      {hours(e.hours)} · {kind(e.kind)} · {e.complaint_id ? `#${e.complaint_id}` : e.project}
                    </Button>
                    {e.note ? <Typography.Text type="secondary"> {e.note}</Typography.Text> : null}
                  </li>
                ))}
              </ul>
            )}
          </List.Item>
        )}
        locale={{ emptyText: <Empty description={t('workhours:week.empty')} /> }}
      />
    </Card>
  );
}
