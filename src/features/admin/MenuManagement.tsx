import { useQueryClient } from '@tanstack/react-query';
import { menuManagement } from '../../../resources/menuManagement';
import { ResourceScreen } from '../../resources/ResourceScreen';
import { adminKeys } from './api';

/** menuManagement: the generated screen; after each change the sidebar reloads the menu tree at once. */
export default function MenuManagement() {
  const queryClient = useQueryClient();
  return (
    <ResourceScreen
      declaration={menuManagement}
      options={{ onChange: () => void queryClient.invalidateQueries({ queryKey: adminKeys.menuOverrides() }) }}
    />
  );
}
