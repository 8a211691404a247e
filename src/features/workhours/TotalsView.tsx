import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Empty, Input, List, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkHourTotals, WorkHourTotalsBody } from '../../../contract/workhours';
import { workHourCalls } from '../../../contract/workhours-calls';
import { useCanAccess } from '../../auth/ability';
import { useScreens } from '../../ui/useScreens';
import { Column } from '../monitoring/shared/charts/LazyChart';
import { useFormat } from '../../i18n/format';
import { ExportButton } from '../monitoring/shared/charts/ExportButton';
import { workHourKeys, workHoursApi } from './api';

type Line = { key: string; hours: number };
const CHART_HEIGHT = 260;
/** The last row of each table: the period's total (no person, work, month or kind is named so). */
const TOTAL = '\u0000total';

/**
 * Where R&D time goes: over a period (this month to start with) and optionally one engineer, the
 * hours per person, per complaint or project, per month and per kind, each with the total; the xlsx export holds the
 * same figures (the server computes both from the same entries).
 */
export function TotalsView() {
  const can = useCanAccess();
  const { t } = useTranslation();
  const fmt = useFormat();
  const screens = useScreens();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs()]);
  const [engineer, setEngineer] = useState('');
  const body: WorkHourTotalsBody = {
    from: range[0].format('YYYY-MM-DD'),
    to: range[1].format('YYYY-MM-DD'),
    ...(engineer.trim() ? { engineer: engineer.trim() } : {}),
  };
  const { data, isLoading } = useQuery({ queryKey: workHourKeys.totals(body), queryFn: () => workHoursApi.totals(body) });
  const hours = (value: number) => fmt.number(value, { digits: 2, trim: true });
  const kind = (value: string) => t(`workhours:RAndDtimereport.options.kind.${value}`, { defaultValue: value });

  // Two columns (what, hours) read as a list on a phone and on a desktop alike: no table needed.
  // A long complaint title wraps within its side; the hours keep their own column (a phone in German was the narrowest).
  const table = (id: keyof Omit<WorkHourTotals, 'total'>, title: string, label: (key: string) => string, below?: ReactNode) => (
    <Col xs={24} lg={12} key={id}>
      <Card size="small" title={title} data-testid={`workhours-totals-${id}`}>
        <List<Line>
          size="small"
          loading={isLoading}
          dataSource={data ? [...data[id], { key: TOTAL, hours: data.total }] : []}
          rowKey="key"
          renderItem={(line) => (
            <List.Item className={line.key === TOTAL ? 'workhours-line workhours-total-line' : 'workhours-line'}>
              <span className="workhours-what">{line.key === TOTAL ? t('workhours:totals.total') : label(line.key)}</span>
              <span className="workhours-hours">{hours(line.hours)}</span>
            </List.Item>
          )}
        />
        {below}
      </Card>
    </Col>
  );

  return (
    <Card data-testid="workhours-totals" styles={{ body: { padding: screens.md ? 24 : 12 } }}>
      <div className="workhours-toolbar">
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          format={(day) => fmt.date(day.format('YYYY-MM-DD'))}
          aria-label={t('workhours:totals.period')}
          onChange={(picked) => {
            const [from, to] = picked ?? [];
            if (from && to) setRange([from, to]);
          }}
        />
        <Input.Search
          allowClear
          placeholder={t('workhours:totals.engineer')}
          aria-label={t('workhours:totals.engineer')}
          style={{ width: 200 }}
          onSearch={setEngineer}
        />
        {can('RAndDtimereport', 'export') ? (
          <span className="workhours-log">
            <ExportButton endpoint={workHourCalls.export} body={body} label={t('workhours:totals.export')} background />
          </span>
        ) : null}
      </div>
      {data && data.total === 0 ? (
        <Empty description={t('workhours:totals.empty')} />
      ) : (
        <>
          <Typography.Title level={5} data-testid="workhours-total">
            {t('workhours:totals.total')}: {t('workhours:totals.hoursUnit', { hours: hours(data?.total ?? 0) })}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {table('byPerson', t('workhours:totals.byPerson'), (key) => key)}
            {table('byWork', t('workhours:totals.byWork'), (key) => key)}
            {table('byMonth', t('workhours:totals.byMonth'), (key) => fmt.month(key))}
            {table(
              'byKind',
              t('workhours:totals.byKind'),
              kind,
              // The same hours as bars, under the one heading: where R&D time goes at a glance.
              <div data-testid="workhours-chart" className="workhours-chart">
                <Column
                  data={data?.byKind.map((l) => ({ kind: kind(l.key), hours: l.hours })) ?? []}
                  xField="kind"
                  yField="hours"
                  height={CHART_HEIGHT}
                  autoFit
                  axis={{ x: { title: false }, y: { title: 'h', labelFormatter: hours } }}
                  tooltip={{ channel: 'y', valueFormatter: (v: number) => `${hours(v)} h` }}
                />
              </div>,
            )}
          </Row>
        </>
      )}
    </Card>
  );
}
