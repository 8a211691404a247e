import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { askEarly, earlyAnswerQuery } from '../../../api/earlyAnswers';
import { useUser } from '../../../auth/useUser';
import { monitoringApi, monitoringKeys } from '../api';
import { isCustomerOrSharer } from '../../../../permissions/roles';
import type { SystemSummary } from '../../../../contract/monitoring';

/** The customer's or sharer's systems ('All' first when there are several), shared by the selector and the dashboard. */
export function useCustomerSystems() {
  const user = useUser();
  return useQuery({
    ...earlyAnswerQuery(monitoringKeys.customerSystems(user?.username), monitoringApi.customerSystems),
    enabled: isCustomerOrSharer(user?.roles ?? []),
    staleTime: 60_000,
  });
}

/**
 * The selected system: the `sn` query parameter (spec §2: it preselects), else the first entry. An S/N
 * that is not in the list falls back to the first entry too.
 */
export function useSelectedSystem(systems: readonly SystemSummary[] | undefined) {
  const [params, setParams] = useSearchParams();
  const selected = systemToShow(systems, params.get('sn'));
  const select = (sn: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('sn', sn);
        return next;
      },
      { replace: true },
    );
  return { selected, select };
}

/** The system a page opens on: the one the `sn` parameter names, else the first entry ('All' when there are several). */
function systemToShow(systems: readonly SystemSummary[] | undefined, wanted: string | null) {
  return systems?.find((s) => s.sys_sn === wanted) ?? systems?.[0];
}

/**
 * A cold start of the customer's dashboard: its systems, then the figures of the system it opens on, asked for
 * as soon as the user is known, beside the dashboard's code (MonitoringView takes the figures' answer), and the
 * user's choice of cards beside them. Settles once the figures and the choice have come; fails when a call does
 * (the screen's own queries report it).
 */
export async function askCustomerHomeEarly(username: string) {
  const cards = askEarly(monitoringKeys.dashboardSettings(username), monitoringApi.dashboardSettings);
  const systems = await askEarly(monitoringKeys.customerSystems(username), monitoringApi.customerSystems);
  const shown = systemToShow(systems, new URLSearchParams(window.location.search).get('sn'));
  if (shown) await askEarly(monitoringKeys.summary(shown.sys_sn, true), () => monitoringApi.summary(shown.sys_sn, true));
  await cards;
}
