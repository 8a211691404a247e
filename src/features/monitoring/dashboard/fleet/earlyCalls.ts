import { askEarly } from '../../../../api/earlyAnswers';
import { monitoringApi, monitoringKeys } from '../../api';

/**
 * A cold start of the fleet's home (variant.ts): its overview (today's energy, the faulty and offline systems,
 * the last events) and its status counts are asked for beside its code instead of once it has rendered a
 * skeleton. FleetDashboard and StatusCards take the answers under the same keys; the map
 * below them asks its own when it is scrolled to. Settles once both answers have come (a failure included: the
 * screen's own query reports it).
 */
export async function askFleetHomeEarly(): Promise<void> {
  await Promise.allSettled([
    askEarly(monitoringKeys.fleetOverview(), () => monitoringApi.fleetOverview()),
    askEarly(monitoringKeys.statusCounts(null), () => monitoringApi.statusCounts()),
  ]);
}
