import { useOne, type HttpError } from '@refinedev/core';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { idFieldOf, type ResourceDeclaration } from '../../resources/types';
import { metaOf, type Row } from './screenTypes';

interface Wanted {
  declaration: ResourceDeclaration;
  /** The drawer's action after the permissions (edit falls back to show). */
  action: string | null;
  id: string | null;
  /** The rows of the list's current page, and whether they are still loading. */
  rows: readonly Row[] | undefined;
  listLoading: boolean;
  /** Called when the record cannot be read (unknown id, outside the user's scope): its code is shown first. */
  onMissing: () => void;
}

/**
 * The record the drawer shows or edits: the row on the current page, else (a link to a record on another page,
 * filtered out, shared) fetched by id through the declaration's one call.
 */
export function useDrawerRecord({ declaration, action, id, rows, listLoading, onMissing }: Wanted) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const idField = idFieldOf(declaration);
  const listed = id ? rows?.find((r) => String(r[idField]) === id) : undefined;
  const wantsRecord = !!id && (action === 'edit' || action === 'show');
  const fetchOne = wantsRecord && !listed && !!declaration.endpoints.one && !listLoading;
  const { result: fetched, query: oneQuery } = useOne<Row>({
    resource: declaration.name,
    id: id ?? '',
    meta: metaOf(declaration),
    queryOptions: { enabled: fetchOne, retry: false },
    errorNotification: false,
  });
  const record = listed ?? (wantsRecord && fetched && String(fetched[idField]) === id ? fetched : undefined);
  const loading = wantsRecord && !record && (listLoading || (fetchOne && oneQuery.isFetching));

  const oneFailed = fetchOne && oneQuery.isError;
  useEffect(() => {
    if (!oneFailed) return;
    message.error((oneQuery.error as HttpError | null)?.message ?? t('admin:list.notFound'));
    onMissing();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [oneFailed]);

  /** Reads a fetched record again (after a workflow action); a listed one follows its list. */
  const reload = () => {
    if (fetchOne) void oneQuery.refetch();
  };
  return { record, loading, reload };
}
