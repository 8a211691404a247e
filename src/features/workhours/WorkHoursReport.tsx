import { Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { rdWorkHours } from '../../../resources/rdWorkHours';
import { session } from '../../api/session';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { ResourceScreen } from '../../resources/ResourceScreen';
import type { Row } from '../../resources/screenTypes';
import { workHourKeys } from './api';
import { TotalsView } from './TotalsView';
import { WeekView } from './WeekView';
import { mondayOf } from './weekTotals';
import './workhours.css';

const TABS = ['week', 'entries', 'totals'] as const;
type Tab = (typeof TABS)[number];

/** Only the engineer changes an entry (the server's row scope refuses anyone else: 45). */
function mayChange(row: Row): boolean {
  return row.engineer === session.getUserInfo()?.username;
}

/**
 * /RAndDtimereport: the engineer's week, every entry (the generated list with its filters and
 * drawer form), and the totals with their xlsx export. Those who read everyone's hours without logging any (admin,
 * systemmanager) have no week of their own and open on the entries. The tab and the week are kept in the URL, so a
 * reload or a shared link opens the same view.
 */
export default function WorkHoursReport() {
  const can = useCanAccess();
  const { t } = useTranslation();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const logsHours = can('rdWorkHour', 'create');
  const tabs: readonly Tab[] = logsHours ? TABS : TABS.filter((key) => key !== 'week');
  const tab: Tab = (tabs as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : tabs[0]!;
  const monday = mondayOf(params.get('week') ?? dayjs().format('YYYY-MM-DD'));
  const show = (next: Record<string, string | undefined>) =>
    setParams((current) => {
      const merged = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined) merged.delete(key);
        else merged.set(key, value);
      }
      return merged;
    });

  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) => show({ tab: key, action: undefined, id: undefined })}
      items={[
        logsHours && {
          key: 'week',
          label: t('workhours:tabs.week'),
          children: (
            <WeekView
              monday={monday}
              onWeek={(week) => show({ week })}
              onOpen={(id) => show(id ? { tab: 'entries', action: 'edit', id: String(id) } : { tab: 'entries', action: 'create' })}
            />
          ),
        },
        {
          key: 'entries',
          label: t('workhours:tabs.entries'),
          children: (
            <ResourceScreen
              declaration={rdWorkHours}
              options={{
                editable: mayChange,
                cells: {
                  hours: (value) => fmt.number(Number(value), { digits: 2, trim: true }),
                  // People by name (the entry keeps the user name: server/workhours/service.ts).
                  engineer: (value, row) => String(row.engineer_name ?? value),
                },
                deletion: (row) => (mayChange(row) ? undefined : { blocked: t('workhours:list.notYours') }),
                onChange: () => void queryClient.invalidateQueries({ queryKey: workHourKeys.all }),
              }}
            />
          ),
        },
        { key: 'totals', label: t('workhours:tabs.totals'), children: <TotalsView /> },
      ].filter((item) => !!item)}
    />
  );
}
