import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statement, StatementRow } from '../../../../contract/complaints-statement';
import { useFormat } from '../../../i18n/format';
import { ResponsiveTable, type ResponsiveColumn } from '../../../ui/ResponsiveTable';
import { groupLabel } from './groupLabel';

const HOUR_MS = 3_600_000;

/** The statement's figures, a row per month (its total first, then each group), as the xlsx export holds them. */
export function StatementTable({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns = useMemo((): ResponsiveColumn<StatementRow>[] => {
    const h = (key: string) => t(`complaints:statement.columns.${key}`);
    const hours = (ms: number | null) => (ms === null ? '–' : `${format.number(ms / HOUR_MS, { digits: 1, trim: true })} h`);
    const share = (value: number | null) => format.percent(value === null ? null : value * 100);
    const rating = (value: number | null) => format.number(value, { digits: 2, trim: true });
    return [
      {
        key: 'month',
        title: h('month'),
        card: 'title',
        render: (_, row) => `${format.month(row.month)}${statement.groupBy ? ` · ${groupLabel(t, statement.groupBy, row.group)}` : ''}`,
      },
      { key: 'in', title: h('in'), dataIndex: 'complaints_in', align: 'right' },
      { key: 'solved', title: h('solved'), dataIndex: 'solved', align: 'right' },
      { key: 'backlog', title: h('backlog'), dataIndex: 'open_backlog', align: 'right' },
      { key: 'firstResponse', title: h('firstResponse'), align: 'right', render: (_, r) => hours(r.median_first_response_ms) },
      { key: 'resolution', title: h('resolution'), align: 'right', render: (_, r) => hours(r.median_resolution_ms) },
      {
        key: 'firstResponseWithin',
        title: h('firstResponseWithin'),
        align: 'right',
        render: (_, r) => share(r.first_response_within_target),
        card: 'hidden',
      },
      {
        key: 'resolutionWithin',
        title: h('resolutionWithin'),
        align: 'right',
        render: (_, r) => share(r.resolution_within_target),
        card: 'hidden',
      },
      { key: 'reopenRate', title: h('reopenRate'), align: 'right', render: (_, r) => share(r.reopen_rate), card: 'hidden' },
      { key: 'ratings', title: h('ratings'), dataIndex: 'ratings', align: 'right', defaultHidden: true, card: 'hidden' },
      { key: 'ratingSolved', title: h('ratingSolved'), align: 'right', render: (_, r) => rating(r.avg_rating_solved), card: 'hidden' },
      { key: 'ratingTime', title: h('ratingTime'), align: 'right', render: (_, r) => rating(r.avg_rating_time), card: 'hidden' },
      {
        key: 'ratingAttitude',
        title: h('ratingAttitude'),
        align: 'right',
        render: (_, r) => rating(r.avg_rating_attitude),
        card: 'hidden',
      },
    ];
  }, [t, format, statement.groupBy]);
  return (
    <ResponsiveTable
      tableId="statisticalStatement"
      rowKey={(row) => `${(row as StatementRow).month}|${(row as StatementRow).group ?? ''}`}
      columns={columns}
      dataSource={statement.rows}
      pagination={false}
      size="small"
      rowClassName={(row) => ((row as StatementRow).group === null && statement.groupBy ? 'statement-total-row' : '')}
    />
  );
}
