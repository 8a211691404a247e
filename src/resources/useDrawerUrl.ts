import { useSearchParams } from 'react-router';

export type DrawerAction = 'create' | 'edit' | 'show';

/**
 * The drawer's state in the URL (`?action=create|edit|show&id=…`, beside the list's own paging, sorting and
 * filters): a link opens the same record, back closes it.
 */
export function useDrawerUrl() {
  const [params, setParams] = useSearchParams();
  const open = (next: DrawerAction, rowId?: unknown) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('action', next);
    if (rowId !== undefined) nextParams.set('id', String(rowId));
    else nextParams.delete('id');
    setParams(nextParams);
  };
  const close = () => {
    const nextParams = new URLSearchParams(params);
    nextParams.delete('action');
    nextParams.delete('id');
    setParams(nextParams);
  };
  return { requested: params.get('action'), id: params.get('id'), open, close };
}
