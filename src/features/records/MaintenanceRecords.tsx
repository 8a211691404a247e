import { Link } from 'react-router';
import { maintenanceRecords } from '../../../resources/maintenanceRecords';
import { ResourceExportButton } from '../../resources/ResourceExportButton';
import { resourceScreen } from '../../resources/ResourceScreen';
import { detailPath } from '../complaints/paths';
import { ReplaceComponentButton } from './ReplaceComponent';

/**
 * /energyStorageSysMaintenance/sysMaintenanceRecordsCheck: visits and remote interventions across the fleet in the
 * caller's scope, filtered by S/N, period, kind, engineer and installer, sorted, exported; generated from the
 * declaration (resources/maintenanceRecords.ts). A part replaced in an intervention is recorded from its row.
 */
export default resourceScreen(maintenanceRecords, {
  toolbar: ({ filters }) => (
    <ResourceExportButton
      resource={maintenanceRecords}
      filters={filters}
      labelKey="admin:list.export"
      fileName="maintenance-records.xlsx"
      testId="maintenance-export"
    />
  ),
  rowActions: (row, refresh) => (
    <ReplaceComponentButton sysSn={String(row.sys_sn)} maintenanceId={Number(row.id)} label="replacePart" onDone={refresh} />
  ),
  cells: {
    complaint_id: (value) => (value ? <Link to={detailPath(Number(value))}>#{String(value)}</Link> : '—'),
  },
});
