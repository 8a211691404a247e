import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useUser } from '../../../auth/useUser';
import { monitoringApi, monitoringKeys } from '../api';
import { isCustomerOrSharer } from '../../../../permissions/roles';
import type { SystemSummary } from '../../../../contract/monitoring';

/** The customer's or sharer's systems ('All' first when there are several), shared by the selector and the dashboard. */
export function useCustomerSystems() {
  const user = useUser();
  return useQuery({
    queryKey: monitoringKeys.customerSystems(user?.username),
    queryFn: monitoringApi.customerSystems,
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
  const wanted = params.get('sn');
  const selected = systems?.find((s) => s.sys_sn === wanted) ?? systems?.[0];
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
