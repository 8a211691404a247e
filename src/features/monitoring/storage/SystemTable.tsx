import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { earlyAnswerQuery, isEarlyAnswer } from '../../../api/earlyAnswers';
import { monitoringApi, monitoringKeys } from '../api';
import type { SystemListRow } from '../../../../contract/monitoring';
import { ResponsiveTable, type ResponsiveTableProps } from '../../../ui/ResponsiveTable';
import { useDrawnAfterFirstPaint } from '../../../ui/useDrawnAfterFirstPaint';
import { LIVE_REFRESH_MS, PAGE_SIZES, systemQueryOf, type Paging } from './listQuery';
import type { Filters } from './SystemFilters';
import { useSystemColumns } from './systemColumns';

/** One empty page for every render without rows: a new array would draw the table again. */
const NO_ROWS: SystemListRow[] = [];
/** The rows drawn with the page on a cold load: what a 1366 × 768 screen shows below the list's head. */
const ROWS_WITH_THE_PAGE = 6;
/** The table's body while its first rows are on their way: rows to come, not 'No data'. */
const ROWS_COMING = { emptyText: <Skeleton active title={false} paragraph={{ rows: 6 }} /> };

/**
 * The storage list: server-side paging and sorting over the caller's scope, with each system's live figures
 * (current PV, battery and grid power, state of charge, today's yield, the active alarm), asked again every
 * minute while the page is open and the tab visible (react-query pauses the interval in a hidden tab); the
 * user's page, filters and sort stay, being the query itself. A phone shows each system as a card; a
 * desktop shows the columns that fit 1366 px and lets the user choose others. A row (or its S/N) opens the
 * system page.
 */
export function SystemTable({
  filters,
  paging,
  onPaging,
  onOpen,
}: {
  filters: Filters;
  paging: Paging;
  onPaging: (paging: Paging) => void;
  onOpen: (sn: string) => void;
}) {
  const { t } = useTranslation('monitoring');
  const query = systemQueryOf(filters, paging);
  const answer = useQuery({
    // Another page keeps the rows shown until its own arrive; a cold start shows the rows asked for ahead.
    ...earlyAnswerQuery(monitoringKeys.systems(query), () => monitoringApi.systems(query), { keepPrevious: true }),
    refetchInterval: LIVE_REFRESH_MS,
  });
  // The rows a laptop's screen shows are drawn with the page around them, the others in a render straight after,
  // and rows of a later answer in slices (a deferred render): not all in the one long task a query's answer
  // renders in (Lighthouse total blocking time), and the first row no later (npm run bench). A skeleton stands
  // in for rows still on their way.
  const drawn = useDrawnAfterFirstPaint(answer.data);
  const withThePage = useMemo(
    () =>
      // A page that short is the answer itself: its second render then finds the same rows and draws none again.
      answer.data && answer.data.data.length > ROWS_WITH_THE_PAGE
        ? { ...answer.data, data: answer.data.data.slice(0, ROWS_WITH_THE_PAGE) }
        : answer.data,
    [answer.data],
  );
  const data = drawn ?? withThePage;
  const firstRowsComing = data === undefined && answer.isFetching;
  const firstRowsOnly = drawn === undefined && withThePage !== answer.data;
  // The previous page's rows while another page loads, not the cold start's rows asked ahead: those are the
  // answer itself, and a spinner over them until the query had taken them made a second long task of
  // restyling every row once it went.
  const loadingOtherRows = answer.isPlaceholderData && !isEarlyAnswer(monitoringKeys.systems(query), answer.data);

  const columns = useSystemColumns(paging, onOpen);
  const rows = data?.data ?? NO_ROWS;
  const total = data?.dataCount ?? 0;
  const pagination = useMemo(
    () => ({
      current: paging.pageIndex,
      pageSize: paging.pageSize,
      total,
      showSizeChanger: true,
      pageSizeOptions: [...PAGE_SIZES],
      showTotal: (count: number) => t('list.count', { count }),
    }),
    [paging.pageIndex, paging.pageSize, total, t],
  );
  const onRow = useCallback((row: SystemListRow) => ({ onClick: () => onOpen(row.sys_sn) }), [onOpen]);
  const onChange = useCallback<NonNullable<ResponsiveTableProps<SystemListRow>['onChange']>>(
    (next, _filters, sorter) => {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const order = one?.order === 'descend' ? 'desc' : one?.order === 'ascend' ? 'asc' : undefined;
      onPaging({
        pageIndex: next.current ?? 1,
        pageSize: next.pageSize ?? paging.pageSize,
        ...(order ? { sort: String(one!.columnKey), order } : {}),
      });
    },
    [onPaging, paging.pageSize],
  );

  return (
    <ResponsiveTable<SystemListRow>
      tableId="energyStorageList"
      className="storage-table"
      rowKey="sys_sn"
      size="middle"
      cardFields={7}
      // A refresh in the background keeps the rows on screen; only a new page, search or sort shows the spinner.
      loading={answer.isFetching && loadingOtherRows}
      locale={firstRowsComing ? ROWS_COMING : undefined}
      columns={columns}
      dataSource={rows}
      onRow={onRow}
      // Paging comes with the whole page of rows: not '0 systems, page 1 of 0' under the skeleton of a phone's
      // cards, nor under the first six rows, whence the rows after would push it down (a layout shift, Lighthouse).
      pagination={firstRowsComing || firstRowsOnly ? false : pagination}
      onChange={onChange}
    />
  );
}
