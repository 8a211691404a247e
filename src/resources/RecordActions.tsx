import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useDelete, type HttpError } from '@refinedev/core';
import { App, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { idFieldOf, type ResourceDeclaration } from '../../resources/types';
import type { ResourcePermissions } from './permissions';
import { ConfirmRowAction, RowAction } from './RowAction';
import { idOf, metaOf, type ResourceScreenOptions, type Row } from './screenTypes';
import type { DrawerAction } from './useDrawerUrl';

interface Props {
  declaration: ResourceDeclaration;
  row: Row;
  can: ResourcePermissions;
  /** Whether this row's edit is offered (the ability and the screen's own rule). */
  editable: boolean;
  options: ResourceScreenOptions;
  openDrawer: (action: DrawerAction, id?: unknown) => void;
  /** The confirmed delete (useRemoveRecord). */
  remove: (row: Row) => Promise<void>;
  refresh: () => void;
}

/**
 * The delete of a row once confirmed, through the data provider: says it was deleted, or why not (the record may
 * be in use by now: the list is read again). Either way the screen hears of the change.
 */
export function useRemoveRecord(declaration: ResourceDeclaration, options: ResourceScreenOptions, refresh: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { mutateAsync } = useDelete();
  return async (row: Row) => {
    try {
      await mutateAsync({
        resource: declaration.name,
        id: idOf(declaration, row),
        meta: metaOf(declaration),
        successNotification: false,
        errorNotification: false,
      });
      message.success(t('admin:list.deleted'));
      options.onChange?.();
    } catch (error) {
      message.error((error as HttpError).message);
      // Refused: the record may be in use by now; what the row offers is read again.
      refresh();
      options.onChange?.();
    }
  };
}

/**
 * A list row's actions: show, edit, delete after its confirmation (naming the record), then the screen's own.
 * Icons with a tooltip (and the same words for screen readers): the data columns keep the width.
 */
export function RecordActions({ declaration, row, can, editable, options, openDrawer, remove, refresh }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const idField = idFieldOf(declaration);
  const deletion = can.delete ? options.deletion?.(row) : undefined;
  return (
    <Space size={0}>
      {declaration.endpoints.one && (
        <RowAction
          title={t('admin:list.show')}
          icon={<EyeOutlined />}
          onClick={() => openDrawer('show', row[idField])}
          data-testid="row-show"
        />
      )}
      {editable && (
        <RowAction
          title={t('admin:list.edit')}
          icon={<EditOutlined />}
          onClick={() =>
            options.pages?.edit
              ? navigate(`${options.pages.edit}?id=${encodeURIComponent(String(row[idField]))}`)
              : openDrawer('edit', row[idField])
          }
          data-testid="row-edit"
        />
      )}
      {can.delete && deletion?.blocked && (
        <RowAction title={deletion.blocked} icon={<DeleteOutlined />} danger disabled data-testid="row-delete" />
      )}
      {can.delete && !deletion?.blocked && (
        <ConfirmRowAction
          title={t('admin:list.delete')}
          icon={<DeleteOutlined />}
          danger
          data-testid="row-delete"
          confirm={deletion?.confirm ?? t('admin:list.deleteConfirm', { name: String(row[declaration.titleField ?? idField] ?? '') })}
          okText={t('admin:list.delete')}
          data-confirm-testid="delete-confirm"
          onConfirm={() => remove(row)}
        />
      )}
      {options.rowActions?.(row, refresh)}
    </Space>
  );
}
