import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemListRow } from '../../../../contract/monitoring';
import { countryLabel } from '../../../../contract/countries';
import { useFormat } from '../../../i18n/format';
import type { ResponsiveColumn } from '../../../ui/ResponsiveTable';
import { StatusTag } from '../shared/status';
import type { Paging } from './listQuery';
import { AlarmCell, PowerCell } from './LiveCells';
import { SystemCell } from './SystemCell';

/**
 * The storage list's columns, made again only when the language, the sort or the row's handler changes: the
 * table (memoised) is then not drawn again when its query only changes state, as it does at every refresh.
 */
export function useSystemColumns({ sort, order }: Pick<Paging, 'sort' | 'order'>, onOpen: (sn: string) => void) {
  const { t, i18n } = useTranslation('monitoring');
  const format = useFormat();
  const language = i18n.language;
  return useMemo((): ResponsiveColumn<SystemListRow>[] => {
    const sorted = (key: string): Pick<ResponsiveColumn<SystemListRow>, 'key' | 'sorter' | 'sortOrder' | 'showSorterTooltip'> => ({
      key,
      sorter: true,
      sortOrder: sort === key ? (order === 'desc' ? 'descend' : 'ascend') : null,
      showSorterTooltip: false,
    });
    // A live power, sortable, with its direction in words (LiveCells.tsx).
    const power = (
      key: 'pv_w' | 'battery_w' | 'grid_w',
      title: string,
      kind: 'pv' | 'battery' | 'grid',
    ): ResponsiveColumn<SystemListRow> => ({
      ...sorted(key),
      dataIndex: key,
      title: t(title),
      align: 'right',
      render: (w: number | null) => <PowerCell watts={w} kind={kind} />,
    });
    return [
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
      power('pv_w', 'list.pv', 'pv'),
      power('battery_w', 'list.battery', 'battery'),
      power('grid_w', 'list.grid', 'grid'),
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
        render: (code: string, row) => `${countryLabel(code, language)} · ${row.city}`,
      },
      { ...sorted('installer'), dataIndex: 'installer', title: t('list.installer'), ellipsis: true, defaultHidden: true, card: 'hidden' },
      // The rated figures: hidden until chosen, never on a phone's card.
      ...(['popv', 'cobat'] as const).map((key): ResponsiveColumn<SystemListRow> => ({
        ...sorted(key),
        dataIndex: key,
        title: t(`list.${key}`),
        align: 'right',
        render: (v: number) => format.number(v),
        defaultHidden: true,
        card: 'hidden',
      })),
    ];
  }, [t, format, language, sort, order, onOpen]);
}
