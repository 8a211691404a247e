import type { ReactNode } from 'react';
import type { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../resources/types';
import type { ResponsiveColumn } from '../ui/ResponsiveTable';
import { renderValue } from './FieldValue';
import { fieldLabel } from './labels';
import type { Cells, Row } from './screenTypes';
import { stateFieldName } from './workflow/cells';

/**
 * The list's columns: every listed field that is not secret (sortable where declared), drawn by the screen's
 * cells where given, then the actions column.
 */
export function resourceColumns(
  declaration: ResourceDeclaration,
  cells: Cells,
  actions: (row: Row) => ReactNode,
  t: ReturnType<typeof useTranslation>['t'],
): ResponsiveColumn<Row>[] {
  const columns: ResponsiveColumn<Row>[] = Object.entries(declaration.fields)
    .filter(([, f]) => f.list && !f.secret)
    .map(([name, field]) => ({
      key: name,
      dataIndex: name,
      title: fieldLabel(declaration, name, t),
      sorter: field.sortable ? { multiple: 1 } : undefined,
      width: field.width,
      ellipsis: field.widget === 'textarea',
      // On a phone's card: the record's name as its title, a coloured state (S/N state) as its status tag.
      card:
        field.card ??
        (name === declaration.titleField ? 'title' : field.colors || name === stateFieldName(declaration) ? 'status' : undefined),
      defaultHidden: field.columnHidden,
      render: (value: unknown, row: Row) => (cells[name] ? cells[name]!(value, row) : renderValue(declaration, name, field, value, t)),
    }));
  columns.push({ key: '__actions', title: t('admin:list.actions'), card: 'actions', render: (_: unknown, row: Row) => actions(row) });
  return columns;
}
