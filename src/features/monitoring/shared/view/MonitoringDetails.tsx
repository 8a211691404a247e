import { DayCurveCard } from '../charts/DayCurveCard';
import { EnergyBarsCard } from '../charts/EnergyBarsCard';
import { IncomeCard } from '../charts/IncomeCard';
import { ComponentsCard } from '../components/ComponentsList';
import { FaultsCard } from '../panels/FaultsCard';
import { WeatherCard } from '../panels/WeatherCard';
import { WhenNearViewport } from '../../../../ui/WhenNearViewport';
import type { DetailCard } from './cards';

export interface MonitoringDetailsProps {
  card: DetailCard;
  sn: string;
  /** The system's today (its time zone), from the summary. */
  today: string;
  canEdit: boolean;
  faultSns: readonly string[];
}

/** How tall each card's stand-in is until the user scrolls near it. */
const HEIGHTS: Record<Exclude<DetailCard, 'day'>, number> = { bars: 400, income: 480, weather: 320, faults: 240, components: 240 };

/**
 * One of the cards under a system's figures (day curve, bars, income, weather, faults, components), in
 * MonitoringView's grid. All but the day curve render (and ask for their data) as the user scrolls towards them.
 */
export default function MonitoringDetails({ card, sn, today, canEdit, faultSns }: MonitoringDetailsProps) {
  if (card === 'day') return <DayCurveCard sn={sn} today={today} />;
  return (
    <WhenNearViewport height={HEIGHTS[card]}>
      {card === 'bars' ? <EnergyBarsCard sn={sn} today={today} /> : null}
      {card === 'income' ? <IncomeCard sn={sn} today={today} canEdit={canEdit} /> : null}
      {card === 'weather' ? <WeatherCard sn={sn} /> : null}
      {card === 'faults' ? <FaultsCard sns={faultSns} /> : null}
      {card === 'components' ? <ComponentsCard sn={sn} /> : null}
    </WhenNearViewport>
  );
}
