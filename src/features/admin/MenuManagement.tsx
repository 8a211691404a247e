import { useQueryClient } from '@tanstack/react-query';
import { menuManagement } from '../../../resources/menuManagement';
import { ResourceScreen } from '../../resources/ResourceScreen';
import { BreakableIdentifier } from '../../ui/BreakableIdentifier';
import { adminKeys } from './api';

/**
 * menuManagement: the generated screen; after each change the sidebar reloads the menu tree at once. Keys wrap
 * between their words and paths after their slashes, so that the table fits 1366 px in every language.
 */
export default function MenuManagement() {
  const queryClient = useQueryClient();
  return (
    <ResourceScreen
      declaration={menuManagement}
      options={{
        onChange: () => void queryClient.invalidateQueries({ queryKey: adminKeys.menuOverrides() }),
        cells: CELLS,
      }}
    />
  );
}

function identifier(kind: 'key' | 'path') {
  return (value: unknown) => (value ? <BreakableIdentifier text={String(value)} kind={kind} /> : '—');
}

const CELLS = { menu_key: identifier('key'), path: identifier('path') };
