import { installationRecords } from '../../../resources/installationRecords';
import { resourceScreen } from '../../resources/ResourceScreen';
import { ReplaceComponentButton } from './ReplaceComponent';

/**
 * /energyStorageSysMaintenance/InstallationRecord: every system's installation in the caller's scope, generated from
 * the declaration (resources/installationRecords.ts). A record the caller may no longer change (an installer past the
 * window after commissioning) opens read only; while it may, a component's S/N can be replaced from its row.
 */
export default resourceScreen(installationRecords, {
  editable: (row) => row.editable !== false,
  rowActions: (row, refresh) => (row.editable === true ? <ReplaceComponentButton sysSn={String(row.sys_sn)} onDone={refresh} /> : null),
});
