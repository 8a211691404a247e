import { useQuery } from '@tanstack/react-query';
import { earlyAnswerQuery } from '../../../api/earlyAnswers';
import { useUser } from '../../../auth/useUser';
import { isCustomerOrSharer } from '../../../../permissions/roles';
import { monitoringApi, monitoringKeys } from '../api';

/**
 * The caller's dashboard preferences (GetIndexESSSet): the cards the customer or sharer chose, in their order.
 * Asked beside the systems on a cold start (askCustomerHomeEarly), so the dashboard opens in the chosen order.
 */
export function useDashboardSettings() {
  const user = useUser();
  return useQuery({
    ...earlyAnswerQuery(monitoringKeys.dashboardSettings(user?.username), monitoringApi.dashboardSettings),
    enabled: isCustomerOrSharer(user?.roles ?? []),
    staleTime: Infinity,
  });
}
