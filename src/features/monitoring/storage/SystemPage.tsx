import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Skeleton, Tabs, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanAccess } from '../../../auth/ability';
import { useFormat } from '../../../i18n/format';
import { monitoringApi, monitoringKeys } from '../api';
import { StatusTag } from '../shared/status';
import { ComponentsTable } from '../shared/components/ComponentsList';
import { MonitoringView } from '../shared/view/MonitoringView';
import { countryLabel } from '../../../../contract/countries';
import { FaultsTable } from './FaultsTable';
import { RemarkEditor } from './RemarkEditor';
import { UserLogTable } from './UserLogTable';

const ControlTab = lazy(() => import('../../devices/ControlTab').then((m) => ({ default: m.ControlTab })));
const InstallationTab = lazy(() => import('../../records/SystemRecordTabs').then((m) => ({ default: m.InstallationTab })));
const MaintenanceTab = lazy(() => import('../../records/SystemRecordTabs').then((m) => ({ default: m.MaintenanceTab })));
const WarrantyTab = lazy(() => import('../../warranty/WarrantyTab').then((m) => ({ default: m.WarrantyTab })));

/** A system's page for staff: its remark, the monitoring views, its components, its faults, its user log and its warranty. */
export function SystemPage({ sn, onBack }: { sn: string; onBack: () => void }) {
  const can = useCanAccess();
  const { t, i18n } = useTranslation('monitoring');
  const format = useFormat();
  // Staff who manage systems keep the remark; the cost is the owner's (permissions/entities.ts). The server checks again.
  const canEditRemark = can('systemRemark', 'update');
  const canEditCost = can('systemCost', 'update');
  const { data, isLoading } = useQuery({
    queryKey: monitoringKeys.system(sn),
    queryFn: () => monitoringApi.systems({ pageIndex: 1, pageSize: 20, sn }),
  });
  const system = data?.data.find((s) => s.sys_sn === sn);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
      {t('system.back')}
    </Button>
  );
  if (isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!system) return <Empty description={t('system.notFound')}>{back}</Empty>;

  return (
    <div className="system-page">
      <div className="system-page__head">
        {back}
        <div className="system-page__title">
          <h1>
            {system.sys_name} <StatusTag status={system.ems_status} />
          </h1>
          <Typography.Text type="secondary" copyable={{ text: system.sys_sn }}>
            {system.sys_sn}
          </Typography.Text>
        </div>
      </div>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        style={{ marginBottom: 12 }}
        items={[
          {
            key: 'address',
            label: t('system.address'),
            children: `${system.address} (${countryLabel(system.country_code, i18n.language)})`,
          },
          { key: 'installer', label: t('list.installer'), children: system.installer ?? '–' },
          { key: 'commissioned', label: t('system.commissioned'), children: format.date(system.commissioned_on, { style: 'long' }) },
          { key: 'lastSeen', label: t('list.lastSeen'), children: format.dateTime(system.last_seen_at) },
          {
            key: 'remark',
            label: t('system.remark'),
            span: 'filled',
            children: <RemarkEditor sn={system.sys_sn} remark={system.remark} canEdit={canEditRemark} />,
          },
        ]}
      />
      <Tabs
        items={[
          {
            key: 'monitoring',
            label: t('system.monitoring'),
            children: <MonitoringView system={system} forCustomer={false} faultSns={[system.sys_sn]} canEdit={canEditCost} />,
          },
          { key: 'components', label: t('system.components'), children: <ComponentsTable sn={system.sys_sn} /> },
          { key: 'faults', label: t('system.faults'), children: <FaultsTable sn={system.sys_sn} /> },
          { key: 'log', label: t('system.userLog'), children: <UserLogTable sn={system.sys_sn} /> },
          // How it was installed and each intervention since: for those who read the records (their scope decides which).
          ...(can('installationRecord', 'read')
            ? [
                {
                  key: 'installation',
                  label: t('records:tabs.installation'),
                  children: (
                    <Suspense fallback={<Skeleton active />}>
                      <InstallationTab sysSn={system.sys_sn} />
                    </Suspense>
                  ),
                },
              ]
            : []),
          ...(can('maintenanceRecord', 'read')
            ? [
                {
                  key: 'maintenance',
                  label: t('records:tabs.maintenance'),
                  children: (
                    <Suspense fallback={<Skeleton active />}>
                      <MaintenanceTab sysSn={system.sys_sn} />
                    </Suspense>
                  ),
                },
              ]
            : []),
          // The warranty of a system in scope; after-sales staff set its terms there (permissions/subjects.ts).
          ...(can('warranty', 'read')
            ? [
                {
                  key: 'warranty',
                  label: t('warranty:title'),
                  children: (
                    <Suspense fallback={<Skeleton active />}>
                      <WarrantyTab sn={system.sys_sn} capacityKwh={system.cobat} />
                    </Suspense>
                  ),
                },
              ]
            : []),
          // What the device has set and the commands sent to it: for staff who read the command ledger.
          ...(can('deviceCommand', 'read')
            ? [
                {
                  key: 'control',
                  label: t('devices:control.tab'),
                  children: (
                    <Suspense fallback={<Skeleton active />}>
                      <ControlTab sn={system.sys_sn} />
                    </Suspense>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
