import { AppstoreOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanAccess } from '../../../auth/ability';
import { useUser } from '../../../auth/useUser';
import { useSidebar } from '../../../layout/SidebarContext';
import { ShareButton } from '../shared/share/ShareButton';
import { StatusTag } from '../shared/status';
import { ALL_SN } from '../../../../contract/monitoring-constants';
import { useCustomerSystems, useSelectedSystem } from '../shared/useCustomerSystems';
import { MonitoringView } from '../shared/view/MonitoringView';
import { InstallerContactCard } from './InstallerContactCard';
import { WarrantyCard } from '../../warranty/WarrantyCard';
import { useDashboardSettings } from './dashboardCards';

/** The choice of cards is made rarely: its drawer's code is fetched when it is first opened, not with the figures. */
const DashboardCustomizer = lazy(() => import('./DashboardCustomizer'));

/** The customer's and sharer's home: the system chosen in the sidebar (or 'All') with every monitoring view. */
export default function CustomerDashboard() {
  const can = useCanAccess();
  const { t } = useTranslation('monitoring');
  const user = useUser();
  const roles = user?.roles ?? [];
  const { isMobile, toggle } = useSidebar();
  const { data, isLoading } = useCustomerSystems();
  const { selected } = useSelectedSystem(data);
  const settings = useDashboardSettings();
  // Mounted from the first click on, so that the drawer can animate closed; each opening starts from what is saved.
  const [customizing, setCustomizing] = useState(false);
  const [openings, setOpenings] = useState(0);
  const customize = () => {
    setOpenings((n) => n + 1);
    setCustomizing(true);
  };

  // Without the choice of cards the view would open in the default order and jump; a failed call opens it so.
  if (isLoading || settings.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (!selected || !data) return <Empty style={{ marginTop: 80 }} description={t('selector.none')} />;
  const all = selected.sys_sn === ALL_SN;
  const systems = data.filter((s) => s.sys_sn !== ALL_SN);

  return (
    <div>
      <div className="monitor-head">
        <div>
          <h1 data-testid="system-title">{all ? t('selector.allTitle', { count: systems.length }) : selected.sys_name}</h1>
          <div className="monitor-head__meta">
            {all ? null : <StatusTag status={selected.ems_status} />}
            {all ? null : (
              <Typography.Text type="secondary" copyable>
                {selected.sys_sn}
              </Typography.Text>
            )}
          </div>
        </div>
        <Space wrap>
          {isMobile && data.length > 1 ? (
            <Button icon={<SwapOutlined />} onClick={toggle}>
              {t('selector.switch')}
            </Button>
          ) : null}
          <Button icon={<AppstoreOutlined />} onClick={customize}>
            {t('customize.open')}
          </Button>
        </Space>
        {/* 'All' may hold systems of several installers: the contact is one system's. */}
        {all ? null : <InstallerContactCard sn={selected.sys_sn} />}
        {all ? null : <WarrantyCard sn={selected.sys_sn} />}
      </div>
      <MonitoringView
        key={selected.sys_sn}
        system={selected}
        forCustomer
        faultSns={all ? systems.map((s) => s.sys_sn) : [selected.sys_sn]}
        // The owner keeps the system cost (permissions/entities.ts); sharers read it.
        canEdit={can('systemCost', 'update')}
        showComponents
        cards={settings.data?.cards}
        actions={<ShareButton sn={selected.sys_sn} roles={roles} />}
      />
      {openings === 0 ? null : (
        <Suspense fallback={null}>
          <DashboardCustomizer key={openings} open={customizing} onClose={() => setCustomizing(false)} settings={settings.data} />
        </Suspense>
      )}
    </div>
  );
}
