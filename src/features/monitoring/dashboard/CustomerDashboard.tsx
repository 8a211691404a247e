import { SwapOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { canAccessKey } from '../../../auth/ability';
import { useUser } from '../../../auth/useUser';
import { useSidebar } from '../../../layout/SidebarContext';
import { ShareButton } from '../shared/share/ShareButton';
import { StatusTag } from '../shared/status';
import { ALL_SN } from '../../../../contract/monitoring-constants';
import { useCustomerSystems, useSelectedSystem } from '../shared/useCustomerSystems';
import { MonitoringView } from '../shared/view/MonitoringView';
import { InstallerContactCard } from './InstallerContactCard';

/** The customer's and sharer's home: the system chosen in the sidebar (or 'All') with every monitoring view. */
export default function CustomerDashboard() {
  const { t } = useTranslation('monitoring');
  const user = useUser();
  const roles = user?.roles ?? [];
  const { isMobile, toggle } = useSidebar();
  const { data, isLoading } = useCustomerSystems();
  const { selected } = useSelectedSystem(data);

  if (isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;
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
        {isMobile && data.length > 1 ? (
          <Button icon={<SwapOutlined />} onClick={toggle}>
            {t('selector.switch')}
          </Button>
        ) : null}
        {/* 'All' may hold systems of several installers: the contact is one system's. */}
        {all ? null : <InstallerContactCard sn={selected.sys_sn} />}
      </div>
      <MonitoringView
        key={selected.sys_sn}
        system={selected}
        forCustomer
        faultSns={all ? systems.map((s) => s.sys_sn) : [selected.sys_sn]}
        // The owner keeps the system cost (permissions/entities.ts); sharers read it.
        canEdit={canAccessKey('systemCost', 'update')}
        showComponents
        actions={<ShareButton sn={selected.sys_sn} roles={roles} />}
      />
    </div>
  );
}
