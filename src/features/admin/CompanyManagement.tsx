import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { companyManagement, companyOrganizations } from '../../../resources/companyManagement';
import { ResourceScreen } from '../../resources/ResourceScreen';
import type { ResourceScreenOptions } from '../../resources/screenTypes';

const count = (value: unknown) => (typeof value === 'number' ? value : 0);

/** The installer companies, and beside them the resellers, service partners and suppliers they are linked to. */
export default function CompanyManagement() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // A company that users, systems or installer companies still point at is not deleted (the server answers 400): its
  // delete is disabled, the tooltip saying what points at it (the counts come with each row).
  const installers: ResourceScreenOptions = {
    deletion: (row) => {
      const users = count(row.user_count);
      const systems = count(row.system_count);
      return users + systems > 0 ? { blocked: t('admin:companyManagement.inUse', { users, systems }) } : undefined;
    },
  };
  const organizations: ResourceScreenOptions = {
    deletion: (row) => {
      const users = count(row.user_count);
      const companies = count(row.company_count);
      const systems = count(row.system_count);
      return users + companies + systems > 0
        ? { blocked: t('admin:companyOrganizations.inUse', { users, companies, systems }) }
        : undefined;
    },
  };
  return (
    <Tabs
      destroyOnHidden
      // The tab is in the URL; each list keeps its paging, sorting and filters there, so a change starts clean.
      activeKey={params.get('tab') ?? 'installers'}
      onChange={(tab) => setParams({ tab })}
      items={[
        {
          key: 'installers',
          label: t('admin:companyManagement.tabInstallers'),
          children: <ResourceScreen declaration={companyManagement} options={installers} />,
        },
        {
          key: 'organizations',
          label: t('admin:companyManagement.tabOrganizations'),
          children: <ResourceScreen declaration={companyOrganizations} options={organizations} />,
        },
      ]}
    />
  );
}
