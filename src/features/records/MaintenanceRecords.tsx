import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endpointsOf } from '../../../resources/endpoints';
import { maintenanceRecords } from '../../../resources/maintenanceRecords';
import { call } from '../../api/call';
import { useCanAccess } from '../../auth/ability';
import { resourceScreen } from '../../resources/ResourceScreen';
import { detailPath } from '../complaints/paths';
import { ReplaceComponentButton } from './ReplaceComponent';

/** The list's rows, by its filters and order, as an xlsx sheet (headers in the reader's language). */
function ExportButton({ filters }: { filters: Record<string, unknown> }) {
  const can = useCanAccess();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (!can('maintenanceRecord', 'export')) return null;
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid="maintenance-export"
      onClick={async () => {
        setBusy(true);
        try {
          const result = await call(endpointsOf(maintenanceRecords).export!, filters, { fallbackName: 'maintenance-records.xlsx' });
          if (!result.saved) message.info(result.message);
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('admin:list.export')}
    </Button>
  );
}

/**
 * /energyStorageSysMaintenance/sysMaintenanceRecordsCheck: visits and remote interventions across the fleet in the
 * caller's scope, filtered by S/N, period, kind, engineer and installer, sorted, exported; generated from the
 * declaration (resources/maintenanceRecords.ts). A part replaced in an intervention is recorded from its row.
 */
export default resourceScreen(maintenanceRecords, {
  toolbar: ({ filters }) => <ExportButton filters={filters} />,
  rowActions: (row, refresh) => (
    <ReplaceComponentButton sysSn={String(row.sys_sn)} maintenanceId={Number(row.id)} label="replacePart" onDone={refresh} />
  ),
  cells: {
    complaint_id: (value) => (value ? <Link to={detailPath(Number(value))}>#{String(value)}</Link> : '—'),
  },
});
