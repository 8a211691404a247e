import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { earlyAnswerQuery, isEarlyAnswer } from '../../../api/earlyAnswers';
import { monitoringApi, monitoringKeys } from '../api';
import { useFormat } from '../../../i18n/format';
import { StatusTag } from '../shared/status';
import type { SystemListRow } from '../../../../contract/monitoring';
import { ResponsiveTable, type ResponsiveColumn } from '../../../ui/ResponsiveTable';
import { countryLabel } from '../../../../contract/countries';
import { LIVE_REFRESH_MS, PAGE_SIZES, systemQueryOf, type Paging } from './listQuery';
import { AlarmCell, PowerCell } from './LiveCells';
import type { Filters } from './SystemFilters';
import { SystemCell } from './SystemCell';

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
  const { t, i18n } = useTranslation('monitoring');
  const format = useFormat();
  const query = systemQueryOf(filters, paging);
  const answer = useQuery({
    // Another page keeps the rows shown until its own arrive; a cold start shows the rows asked for ahead.
    ...earlyAnswerQuery(monitoringKeys.systems(query), () => monitoringApi.systems(query), { keepPrevious: true }),
    refetchInterval: LIVE_REFRESH_MS,
  });
  // The rows are drawn from an answer in slices (a deferred render), not in the one long task a query's
  // answer renders in (Lighthouse total blocking time); the spinner stays until they are.
  const data = useDeferredValue(answer.data);
  const drawing = answer.data !== undefined && data === undefined;
  // The previous page's rows while another page loads, not the cold start's rows asked ahead: those are the
  // answer itself, and a spinner over them until the query had taken them made a second long task of
  // restyling every row once it went (issue 11, point 4).
  const loadingOtherRows = answer.isPlaceholderData && !isEarlyAnswer(monitoringKeys.systems(query), answer.data);

  const sorted = (key: string): Pick<ResponsiveColumn<SystemListRow>, 'key' | 'sorter' | 'sortOrder' | 'showSorterTooltip'> => ({
    key,
    sorter: true,
    sortOrder: paging.sort === key ? (paging.order === 'desc' ? 'descend' : 'ascend') : null,
    showSorterTooltip: false,
  });
  const columns: ResponsiveColumn<SystemListRow>[] = [
    {
      ...sorted('ems_status'),
      dataIndex: 'ems_status',
      title: t('list.status'),
      card: 'status',
      render: (s: string | null) => <StatusTag status={s} />,
      width: 110,
    },
    {
      ...sorted('sys_sn'),
      dataIndex: 'sys_sn',
      title: t('list.sn'),
      card: 'title',
      render: (sn: string, row) => (
        <SystemCell
          name={row.sys_name}
          link={
            <Typography.Link
              strong
              onClick={(event) => {
                event.stopPropagation();
                onOpen(sn);
              }}
            >
              {sn}
            </Typography.Link>
          }
        />
      ),
    },
    {
      ...sorted('pv_w'),
      dataIndex: 'pv_w',
      title: t('list.pv'),
      align: 'right',
      render: (w: number | null) => <PowerCell watts={w} kind="pv" />,
    },
    {
      ...sorted('battery_w'),
      dataIndex: 'battery_w',
      title: t('list.battery'),
      align: 'right',
      render: (w: number | null) => <PowerCell watts={w} kind="battery" />,
    },
    {
      ...sorted('grid_w'),
      dataIndex: 'grid_w',
      title: t('list.grid'),
      align: 'right',
      render: (w: number | null) => <PowerCell watts={w} kind="grid" />,
    },
    {
      ...sorted('soc'),
      dataIndex: 'soc',
      title: t('list.soc'),
      align: 'right',
      // The narrowest column: its two-character Chinese title ('电量') otherwise broke into two lines.
      onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (v: number | null) => format.percent(v, 0),
    },
    {
      ...sorted('today_pv_kwh'),
      dataIndex: 'today_pv_kwh',
      title: t('list.today'),
      align: 'right',
      render: (v: number | null) => format.energy(v, { digits: 1 }),
    },
    { ...sorted('alarm'), dataIndex: 'alarm', title: t('list.alarm'), render: (_: unknown, row) => <AlarmCell alarm={row.alarm} /> },
    {
      ...sorted('last_seen_at'),
      dataIndex: 'last_seen_at',
      title: t('list.lastSeen'),
      render: (v: string | null) => format.timeOrDateTime(v),
    },
    { ...sorted('sys_name'), dataIndex: 'sys_name', title: t('list.name'), ellipsis: true, defaultHidden: true, card: 'hidden' },
    {
      ...sorted('country_code'),
      dataIndex: 'country_code',
      title: t('list.country'),
      defaultHidden: true,
      render: (code: string, row) => `${countryLabel(code, i18n.language)} · ${row.city}`,
    },
    { ...sorted('installer'), dataIndex: 'installer', title: t('list.installer'), ellipsis: true, defaultHidden: true, card: 'hidden' },
    {
      ...sorted('popv'),
      dataIndex: 'popv',
      title: t('list.popv'),
      align: 'right',
      render: (v: number) => format.number(v),
      defaultHidden: true,
      card: 'hidden',
    },
    {
      ...sorted('cobat'),
      dataIndex: 'cobat',
      title: t('list.cobat'),
      align: 'right',
      render: (v: number) => format.number(v),
      defaultHidden: true,
      card: 'hidden',
    },
  ];

  return (
    <ResponsiveTable<SystemListRow>
      tableId="energyStorageList"
      className="storage-table"
      rowKey="sys_sn"
      size="middle"
      cardFields={7}
      // A refresh in the background keeps the rows on screen; only a new page, search or sort shows the spinner.
      loading={drawing || (answer.isFetching && (loadingOtherRows || !answer.data))}
      columns={columns}
      dataSource={data?.data ?? []}
      onRow={(row) => ({ onClick: () => onOpen(row.sys_sn) })}
      pagination={{
        current: paging.pageIndex,
        pageSize: paging.pageSize,
        total: data?.dataCount ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (total) => t('list.count', { count: total }),
      }}
      onChange={(pagination, _filters, sorter) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const order = one?.order === 'descend' ? 'desc' : one?.order === 'ascend' ? 'asc' : undefined;
        onPaging({
          pageIndex: pagination.current ?? 1,
          pageSize: pagination.pageSize ?? paging.pageSize,
          ...(order ? { sort: String(one!.columnKey), order } : {}),
        });
      }}
    />
  );
}
