import { useQueries } from '@tanstack/react-query';
import { Badge, Radio, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StateCategory } from '../../../resources/workflow';
import { useFormat } from '../../i18n/format';
import { useScreens } from '../../ui/useScreens';
import { complaintKeys, complaintsApi } from './api';
import { CATEGORIES, statesOf } from './audience';
import { filtersOf, type ListSearch } from './listSearch';

const ALL_TAB = 'all';
/** The category colours of the status tags (CATEGORY_COLORS), as antd's palette gives them; grey for all. */
const BADGE_COLORS = { all: '#8c8c8c', open: '#1677ff', paused: '#fa8c16', resolved: '#52c41a' } as const;

/**
 * The categories of DESIGN §9 as tabs (all, open, paused = waiting for the other side, resolved), each with how
 * many complaints the list's other filters find in it: one count per category (a page of one row's `dataCount`).
 */
export function CategoryTabs({ search, update }: { search: ListSearch; update: (change: Partial<ListSearch>) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const screens = useScreens();
  const filters = filtersOf(search);
  const tabs: (StateCategory | typeof ALL_TAB)[] = [ALL_TAB, ...CATEGORIES];
  const counts = useQueries({
    queries: tabs.map((tab) => {
      const query = { ...filters, status: tab === ALL_TAB ? undefined : statesOf(tab) };
      return {
        queryKey: complaintKeys.count(query),
        queryFn: () => complaintsApi.list({ ...query, pageIndex: 1, pageSize: 1, sort: [{ field: 'created_at', order: 'desc' }] }),
        select: (page: { dataCount: number }) => page.dataCount,
        placeholderData: (previous: { data: never[]; dataCount: number } | undefined) => previous,
      };
    }),
  });
  const count = (index: number) => (counts[index]?.data === undefined ? '…' : format.number(counts[index]!.data!, 0));
  const choose = (key: string) => update({ category: key === ALL_TAB ? undefined : (key as StateCategory), status: undefined });
  // A phone has no room for four tabs side by side (the last ones would hide behind '…'): two rows of buttons.
  if (screens.sm === false)
    return (
      <Radio.Group
        className="complaint-categories-phone"
        optionType="button"
        buttonStyle="solid"
        value={search.category ?? ALL_TAB}
        onChange={(event) => choose(String(event.target.value))}
        options={tabs.map((tab, index) => ({
          value: tab,
          label: (
            <span data-testid={`complaint-tab-${tab}`}>
              {t(`complaints:list.category.${tab}`)} ({count(index)})
            </span>
          ),
        }))}
      />
    );
  return (
    <Tabs
      className="complaint-tabs"
      activeKey={search.category ?? ALL_TAB}
      onChange={choose}
      items={tabs.map((tab, index) => ({
        key: tab,
        label: (
          <span data-testid={`complaint-tab-${tab}`}>
            {t(`complaints:list.category.${tab}`)}{' '}
            <Badge count={count(index)} showZero color={BADGE_COLORS[tab]} data-testid={`complaint-count-${tab}`} />
          </span>
        ),
      }))}
    />
  );
}
