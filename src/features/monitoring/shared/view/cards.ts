import type { ColProps } from 'antd';
import { ALL_SN, DASHBOARD_CARDS, type DashboardCard } from '../../../../../contract/monitoring-constants';

/** The cards drawn with the figures' answer; the others come in a chunk of their own once the figures are painted. */
type FirstCard = 'figures' | 'flow' | 'today';
export type DetailCard = Exclude<DashboardCard, FirstCard>;

/**
 * Each card's width in the grid, wherever it stands: in the default order the figures (a seventh more for German
 * and Japanese labels), flow and today share a row, the curve and bars take one each, income sits beside the
 * weather, faults beside the components.
 */
export const CARD_COLS: Record<DashboardCard, ColProps> = {
  figures: { xs: 24, lg: 12, xl: 7 },
  flow: { xs: 24, lg: 12, xl: 10 },
  today: { xs: 24, xl: 7 },
  day: { span: 24 },
  bars: { span: 24 },
  income: { xs: 24, xl: 14 },
  weather: { xs: 24, xl: 10 },
  faults: { xs: 24, xl: 12 },
  components: { xs: 24, xl: 12 },
};

/**
 * The cards a view shows, in order: the user's choice (unknown names left out, none chosen: all of them), without
 * those that do not apply ('All' has no weather or components of its own; staff have a components tab).
 */
export function cardsToShow(chosen: readonly string[] | undefined, sn: string, showComponents: boolean): DashboardCard[] {
  const known = (chosen ?? []).filter((card): card is DashboardCard => (DASHBOARD_CARDS as readonly string[]).includes(card));
  return (known.length ? known : [...DASHBOARD_CARDS]).filter(
    (card) => !(sn === ALL_SN && (card === 'weather' || card === 'components')) && !(card === 'components' && !showComponents),
  );
}
