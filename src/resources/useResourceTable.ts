import { useTable } from '@refinedev/antd';
import type { CrudFilters, HttpError } from '@refinedev/core';
import { filterKindOf, type ResourceDeclaration } from '../../resources/types';
import { session } from '../api/session';
import { metaOf, type Row } from './screenTypes';

/**
 * The list of a declaration through the Refine data provider: paging, sorting and filters kept in the URL
 * (syncWithLocation), text filters as 'contains', the others as 'eq'. Answers the table's and the filter
 * form's props, the filters in force by field, and a refresh.
 */
export function useResourceTable(declaration: ResourceDeclaration) {
  const filterFields = Object.entries(declaration.fields).filter(([, f]) => filterKindOf(f));
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<Row, HttpError, Row>({
    resource: declaration.name,
    meta: metaOf(declaration),
    syncWithLocation: true,
    // The rows per page a staff member chose (their settings), else 10.
    pagination: { pageSize: session.getListPageSize() },
    sorters: declaration.defaultSort ? { initial: [declaration.defaultSort] } : undefined,
    errorNotification: (error) => ({ message: error?.message ?? '', type: 'error' }),
    onSearch: (values) =>
      filterFields.map(([name, field]) => ({
        field: name,
        operator: filterKindOf(field) === 'text' ? ('contains' as const) : ('eq' as const),
        value: values[name] === '' ? undefined : values[name],
      })) as CrudFilters,
  });
  const currentFilters: Record<string, unknown> = Object.fromEntries(
    filters.filter((f) => 'field' in f).map((f) => [(f as { field: string }).field, f.value]),
  );
  const refresh = () => void tableQuery.refetch();
  return { tableProps, searchFormProps, currentFilters, filterFields, listLoading: tableQuery.isLoading, refresh };
}
