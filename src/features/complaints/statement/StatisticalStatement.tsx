import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statementCalls } from '../../../../contract/complaints-calls';
import type { StatementBody } from '../../../../contract/complaints-statement';
import { STATEMENT_GROUPS, STATEMENT_MAX_MONTHS, type StatementGroup } from '../../../../contract/complaints-constants';
import { useCanAccess } from '../../../auth/ability';
import { ExportButton } from '../../monitoring/shared/charts/ExportButton';
import { ClockTargetsButton } from './ClockTargetsButton';
import { StatementCharts } from './StatementCharts';
import { StatementTable } from './StatementTable';
import { fetchStatement, statementKey } from './statementApi';
import './statement.css';

/**
 * /statisticalStatement: the complaints of the reader's scope per month — in, solved, backlog,
 * median times, shares within target, reopen rate, ratings — as charts of the month totals and a table by group
 * (type, country, model or team), exported as the same xlsx sheet. The last six months to start with. Admins also set
 * the clocks' targets here (the shares are measured against them).
 */
export default function StatisticalStatement() {
  const can = useCanAccess();
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(5, 'month'), dayjs()]);
  const [groupBy, setGroupBy] = useState<StatementGroup | undefined>();
  const body: StatementBody = { from: range[0].format('YYYY-MM'), to: range[1].format('YYYY-MM'), ...(groupBy ? { groupBy } : {}) };
  const { data, isLoading } = useQuery({ queryKey: statementKey(body), queryFn: () => fetchStatement(body) });

  return (
    <div className="statement-page">
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('complaints:statement.title')}
          </Typography.Title>
        }
        extra={
          <Space wrap>
            <DatePicker.RangePicker
              picker="month"
              value={range}
              allowClear={false}
              aria-label={t('complaints:statement.period')}
              disabledDate={(month) => month.isAfter(dayjs(), 'month')}
              onChange={(picked) => {
                const [from, to] = picked ?? [];
                // The server takes at most 24 months: a longer choice keeps its end and starts 24 months before.
                if (from && to)
                  setRange([to.diff(from, 'month') >= STATEMENT_MAX_MONTHS ? to.subtract(STATEMENT_MAX_MONTHS - 1, 'month') : from, to]);
              }}
            />
            <Select<StatementGroup | ''>
              value={groupBy ?? ''}
              style={{ minWidth: 160 }}
              aria-label={t('complaints:statement.groupBy')}
              data-testid="statement-group"
              onChange={(value) => setGroupBy(value || undefined)}
              options={[
                { value: '', label: t('complaints:statement.noGroup') },
                ...STATEMENT_GROUPS.map((group) => ({ value: group, label: t(`complaints:statement.groups.${group}`) })),
              ]}
            />
            <ClockTargetsButton />
            {can('complaintStatement', 'export') ? (
              <ExportButton endpoint={statementCalls.export} body={body} label={t('complaints:statement.export')} background />
            ) : null}
          </Space>
        }
      >
        <StatementCharts statement={data} loading={isLoading} />
      </Card>
      {data ? (
        <Card className="statement-table-card">
          <StatementTable statement={data} />
        </Card>
      ) : null}
    </div>
  );
}
