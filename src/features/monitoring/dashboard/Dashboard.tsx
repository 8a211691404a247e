import { useUser } from '../../../auth/useUser';
import { dashboardTitleKey } from '../../../routing/useMenuOverrides';
import { AfterSalesHome, CustomerDashboard, dashboardVariant, FleetDashboard, StorageList } from './variant';
import { Welcome } from './Welcome';

/** The home page of each user: the variant of dashboardVariant (variant.ts). */
export default function Dashboard() {
  const roles = useUser()?.roles ?? [];
  switch (dashboardVariant(roles)) {
    case 'customer':
      return <CustomerDashboard />;
    case 'supplier':
      return <StorageList titleKey={dashboardTitleKey(roles)} />;
    case 'fleet':
      return <FleetDashboard />;
    case 'aftersales':
      return <AfterSalesHome />;
    case 'welcome':
      return <Welcome />;
  }
}
