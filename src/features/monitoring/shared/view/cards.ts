import type { ColProps } from 'antd';
import { ALL_SN, DASHBOARD_CARDS, type DashboardCard } from '../../../../../contract/monitoring-constants';

/** The cards drawn with the figures' answer; the others come in a chunk of their own once the figures are painted. */
type FirstCard = 'figures' | 'flow' | 'today';
export type DetailCard = Exclude<DashboardCard, FirstCard>;

/**
 * Each card's width in the grid when its row is as the default order has it: the figures (a seventh more for German
 * and Japanese labels), flow and today share a row, the curve and bars take one each, income sits beside the
 * weather, faults beside the components.
 */
const CARD_COLS: Record<DashboardCard, ColProps> = {
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

/** Cards that share a row with their neighbours of the same kind; the curve and the bars always have one each. */
const ROW_KINDS: Partial<Record<DashboardCard, 'top' | 'lower'>> = {
  figures: 'top',
  flow: 'top',
  today: 'top',
  income: 'lower',
  weather: 'lower',
  faults: 'lower',
  components: 'lower',
};
const HALF: ColProps = { xs: 24, xl: 12 };
const WHOLE: ColProps = { span: 24 };

/**
 * The width of each card shown, so that every row is full whatever the user chose and in whatever order: a card
 * whose row partner is hidden (or moved away) takes the row's width instead of leaving a gap beside it. The top
 * cards keep their widths when all three stand together; the lower ones go in pairs, a pair of the default order
 * (income and weather, faults and components) at the default widths.
 */
export function cardCols(cards: readonly DashboardCard[]): Record<string, ColProps> {
  const cols: Record<string, ColProps> = {};
  for (let i = 0; i < cards.length;) {
    const kind = ROW_KINDS[cards[i]!];
    let end = i + 1;
    while (kind && end < cards.length && ROW_KINDS[cards[end]!] === kind) end++;
    const run = cards.slice(i, end);
    if (!kind) cols[run[0]!] = CARD_COLS[run[0]!];
    else if (kind === 'top') for (const card of run) cols[card] = run.length === 3 ? CARD_COLS[card] : run.length === 2 ? HALF : WHOLE;
    else
      for (let p = 0; p < run.length; p += 2) {
        const [first, second] = [run[p]!, run[p + 1]];
        if (!second) cols[first] = WHOLE;
        else {
          const defaultPair = (first === 'income' && second === 'weather') || (first === 'faults' && second === 'components');
          cols[first] = defaultPair ? CARD_COLS[first] : HALF;
          cols[second] = defaultPair ? CARD_COLS[second] : HALF;
        }
      }
    i = end;
  }
  return cols;
}

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
