import { SettingOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Descriptions, List, Popover, Table, Tooltip, Typography, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TableRef } from 'antd/es/table';
import type { TablePaginationConfig } from 'antd/es/table/interface';
import { memo, useLayoutEffect, useRef, useState, type Key, type ReactElement, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreens } from './useScreens';
import './ResponsiveTable.css';

/**
 * ResponsiveTable: antd's `Table` for every list of the portal, the same props (so Refine's
 * `<ResponsiveTable {...tableProps} tableId="users" columns={…} />` works), with two additions:
 *
 * - **Phone (< 576 px, antd's `sm`)**: each row is a card, never a table that scrolls sideways. A column says
 *   its place on the card with the optional `card` prop:
 *   - `'title'`   the card's heading (default: the first column that says nothing);
 *   - `'status'`  a tag beside the heading (e.g. locked, online);
 *   - `'field'`   a label / value line (the default for every other column, up to `cardFields`, 5);
 *   - `'actions'` the row's buttons, at the foot of the card;
 *   - `'hidden'`  not on the card (details the drawer or page shows anyway).
 *   Cells are drawn by the column's own `render`, so a card shows what the cell shows. Pagination stays
 *   (Refine's `onChange` and a `pagination.onChange` are both called, as the table calls them).
 *
 * - **Desktop**: the table fits its columns into the width there is (cells wrap; it scrolls sideways only
 *   when a cell cannot wrap), and a right-`fixed` column is laid out in line: a fixed actions column covered
 *   the last data columns at 1366 px. A column chooser (the gear in the actions column's header, or in a
 *   narrow last column) shows or hides columns; the choice is kept per `tableId` in localStorage. A column
 *   with `defaultHidden` starts hidden until the user chooses. The actions column cannot be hidden.
 */
export type CardRole = 'title' | 'status' | 'field' | 'actions' | 'hidden';

export type ResponsiveColumn<T> = ColumnType<T> & {
  /** Its place on the phone's card (see above). */
  card?: CardRole;
  /** Hidden on the desktop table until the user shows it with the column chooser. */
  defaultHidden?: boolean;
};

export interface ResponsiveTableProps<T> extends Omit<TableProps<T>, 'columns'> {
  /** Names the table's column choice in localStorage (e.g. 'userManagement'); one per table. */
  tableId: string;
  columns: ResponsiveColumn<T>[];
  /** How many `field` lines a card shows at most (default 5). */
  cardFields?: number;
}

/**
 * Inside, every table is a table of `Row`: the component is generic only at its edge. Checking the
 * internals against antd's generic Table, List and column types for a generic T sent tsc into a type
 * comparison that never ended (out of memory on the whole project).
 */
type Row = object;
type Column = ResponsiveColumn<Row>;
type Props = ResponsiveTableProps<Row>;

const STORAGE_PREFIX = 'table-columns:';
const DEFAULT_CARD_FIELDS = 5;

/** A column's stable name: its key, else its dataIndex (the chooser stores these). */
function columnKey(column: Column, index: number): string {
  if (column.key !== undefined) return String(column.key);
  if (Array.isArray(column.dataIndex)) return column.dataIndex.join('.');
  if (column.dataIndex !== undefined) return String(column.dataIndex);
  return `#${index}`;
}

function cellValue(column: Column, row: Row): unknown {
  const path = column.dataIndex === undefined ? [] : Array.isArray(column.dataIndex) ? column.dataIndex : [column.dataIndex];
  return path.reduce<unknown>(
    (value, step) =>
      value === null || value === undefined ? undefined : (value as Record<string | number, unknown>)[step as string | number],
    row,
  );
}

/** What the column's cell shows for a row: its render, else the value. */
function cell(column: Column, row: Row, index: number): ReactNode {
  const value = cellValue(column, row);
  if (column.render) {
    const rendered = column.render(value, row, index);
    // A render may answer antd's { children, props } cell shape.
    if (rendered && typeof rendered === 'object' && 'children' in rendered && 'props' in rendered && !('$$typeof' in rendered))
      return (rendered as { children: ReactNode }).children;
    return rendered as ReactNode;
  }
  return value === null || value === undefined ? '' : (value as ReactNode);
}

function titleText(column: Column, key: string): ReactNode {
  return typeof column.title === 'function' ? key : column.title;
}

function readHidden(tableId: string): string[] | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_PREFIX + tableId);
    const parsed: unknown = stored ? JSON.parse(stored) : undefined;
    return Array.isArray(parsed) ? parsed.map(String) : undefined;
  } catch {
    return undefined;
  }
}

/** The columns the user hid in this table (or the defaultHidden ones until they choose), kept in localStorage. */
function useHiddenColumns(tableId: string, columns: Column[]) {
  const [chosen, setChosen] = useState<string[] | undefined>(() => readHidden(tableId));
  const hidden = chosen ?? columns.flatMap((c, i) => (c.defaultHidden ? [columnKey(c, i)] : []));
  const choose = (next: string[] | undefined) => {
    setChosen(next);
    try {
      if (next) localStorage.setItem(STORAGE_PREFIX + tableId, JSON.stringify(next));
      else localStorage.removeItem(STORAGE_PREFIX + tableId);
    } catch {
      // Private mode without storage: the choice holds for this page only.
    }
  };
  return { hidden, choose };
}

function ColumnChooser({
  tableId,
  columns,
  hidden,
  choose,
}: {
  tableId: string;
  columns: Column[];
  hidden: string[];
  choose: (next: string[] | undefined) => void;
}) {
  const { t } = useTranslation();
  const choosable = columns.map((c, i) => ({ column: c, key: columnKey(c, i) })).filter(({ column }) => column.card !== 'actions');
  const shown = choosable.filter(({ key }) => !hidden.includes(key)).map(({ key }) => key);
  const content = (
    <div className="responsive-table-chooser" data-testid={`column-chooser-${tableId}`}>
      <Checkbox.Group
        value={shown}
        onChange={(next) => {
          // At least one data column stays.
          if (next.length === 0) return;
          choose(choosable.filter(({ key }) => !next.includes(key)).map(({ key }) => key));
        }}
        options={choosable.map(({ column, key }) => ({ value: key, label: titleText(column, key) }))}
      />
      <Button type="link" size="small" onClick={() => choose(undefined)} data-testid="column-chooser-reset">
        {t('common:table.resetColumns')}
      </Button>
    </div>
  );
  return (
    <Popover content={content} title={t('common:table.columnsTitle')} trigger="click" placement="bottomRight">
      <Tooltip title={t('common:table.columns')}>
        <Button type="text" size="small" icon={<SettingOutlined />} aria-label={t('common:table.columns')} data-testid="column-chooser" />
      </Tooltip>
    </Popover>
  );
}

/** The desktop table: chosen columns, laid out in line, the chooser in the actions column's header. */
function DesktopTable({ tableId, columns, cardFields: _cardFields, scroll, ...rest }: Props) {
  const { hidden, choose } = useHiddenColumns(tableId, columns);
  const tableRef = useMeasureRowUnfocusable();
  const chooser = <ColumnChooser tableId={tableId} columns={columns} hidden={hidden} choose={choose} />;
  const shown: ColumnType<Row>[] = columns
    .filter((c, i) => c.card === 'actions' || !hidden.includes(columnKey(c, i)))
    .map(({ card, defaultHidden: _defaultHidden, fixed, ...column }) => ({
      ...column,
      // Only a left-fixed column stays fixed; a right-fixed one covered the columns before it.
      fixed: fixed === 'left' || fixed === true ? fixed : undefined,
      ...(card === 'actions'
        ? {
            // The row's buttons stay on one line: the data columns wrap instead.
            className: ['responsive-table-actions', column.className].filter(Boolean).join(' '),
            title: (
              <span className="responsive-table-actions-head">
                {typeof column.title === 'function' ? null : column.title}
                {chooser}
              </span>
            ),
          }
        : {}),
    }));
  // A table without actions (the storage list) takes the gear into its last column's header rather than a column of
  // its own: 40 px that the German storage list at 1366 px did not have.
  if (!columns.some((c) => c.card === 'actions') && shown.length > 0) shown.push(withChooser(shown.pop()!, chooser));
  // When antd's table scrolls sideways itself it measures its columns: a hidden row whose widths it reads in a
  // layout effect (a forced layout of the whole page) and then renders the whole table again with them, both
  // inside the task that shows the page (about 200 ms on the storage list's cold load). Only a
  // left-fixed column needs those widths; any other table scrolls in its own container (ResponsiveTable.css). A
  // sideways scroll of `true` (what Refine's useTable hands every table) is what that container does already.
  const measured = shown.some((column) => column.fixed) || scroll?.y !== undefined || (scroll?.x ?? true) !== true;
  return (
    <Table<Row>
      {...rest}
      ref={tableRef}
      columns={shown}
      scroll={measured ? { ...scroll, x: scroll?.x ?? true } : undefined}
      className={['responsive-table', rest.className].filter(Boolean).join(' ')}
    />
  );
}

/**
 * The column with the chooser's gear after its title. The gear's clicks and keys, and those inside its popover (a
 * React portal, whose events bubble to the header all the same), stay out of the header's sorting; the sorting
 * tooltip answers its arrows only.
 */
function withChooser(column: ColumnType<Row>, chooser: ReactNode): ColumnType<Row> {
  const keepFromHeader = (event: SyntheticEvent) => event.stopPropagation();
  return {
    ...column,
    showSorterTooltip: column.sorter ? { target: 'sorter-icon' } : column.showSorterTooltip,
    title: (
      <span className="responsive-table-chooser-head">
        {typeof column.title === 'function' ? null : column.title}
        <span onClick={keepFromHeader} onKeyDown={keepFromHeader}>
          {chooser}
        </span>
      </span>
    ),
  };
}

/**
 * antd's table (rc-table 7.54, still so in 7.55) lays out a table that scrolls sideways with an invisible
 * measuring row marked `aria-hidden` yet given `tabindex="-1"` and holding copies of the column titles, the
 * column chooser's button with them: screen readers are told to skip elements that can take focus (axe
 * 'aria-hidden-focus', Lighthouse accessibility). The row is never meant to be reached, so after each render it
 * loses its tabindex and becomes inert; React does not put back or take away attributes whose props did not
 * change.
 */
function useMeasureRowUnfocusable() {
  const table = useRef<TableRef>(null);
  useLayoutEffect(() => {
    table.current?.nativeElement?.querySelectorAll<HTMLElement>('.ant-table-measure-row').forEach((row) => {
      row.removeAttribute('tabindex');
      // It also copies the column titles, the column chooser's button with them: inert takes every copy out of
      // the tab order and the accessibility tree.
      row.setAttribute('inert', '');
    });
  });
  return table;
}

/** The phone's cards: the title, status, a few label / value lines and the actions of each row. */
function PhoneCards({ columns, cardFields = DEFAULT_CARD_FIELDS, dataSource, loading, pagination, rowKey, onChange, locale }: Props) {
  const titleColumn = columns.find((c) => c.card === 'title') ?? columns.find((c) => c.card === undefined);
  const statusColumns = columns.filter((c) => c.card === 'status');
  const actionsColumn = columns.find((c) => c.card === 'actions');
  const fieldColumns = columns
    .map((column, index) => ({ column, key: columnKey(column, index) }))
    .filter(({ column }) => column !== titleColumn && (column.card === 'field' || column.card === undefined))
    .slice(0, cardFields);
  const rows = dataSource ? [...dataSource] : [];
  const keyOf = (row: Row): Key => {
    const index = rows.indexOf(row);
    return typeof rowKey === 'function'
      ? rowKey(row, index)
      : (((row as Record<string, unknown>)[rowKey ?? 'key'] as Key | undefined) ?? index);
  };
  const emptyText = typeof locale?.emptyText === 'function' ? locale.emptyText() : locale?.emptyText;

  const listPagination = pagination
    ? (() => {
        const { position: _position, onChange: onPage, ...config } = pagination as TablePaginationConfig;
        return {
          ...config,
          // On a phone Refine's page links shrink to the simple pager, as in its table.
          simple: true,
          align: 'center' as const,
          onChange: (current: number, pageSize: number) => {
            onPage?.(current, pageSize);
            onChange?.({ ...config, current, pageSize }, {}, {}, { action: 'paginate', currentDataSource: rows });
          },
        };
      })()
    : false;

  return (
    <List<Row>
      className="responsive-table-cards"
      dataSource={rows}
      loading={loading}
      pagination={listPagination}
      locale={emptyText ? { emptyText } : undefined}
      rowKey={keyOf}
      renderItem={(row, index) => {
        const fields = fieldColumns.map(({ column, key }) => ({ column, key, node: cell(column, row, index) }));
        const actions = actionsColumn && cell(actionsColumn, row, index);
        return (
          <List.Item className="responsive-table-card-item">
            <Card
              size="small"
              className="responsive-table-card"
              data-testid="responsive-card"
              title={titleColumn ? <Typography.Text strong>{cell(titleColumn, row, index)}</Typography.Text> : undefined}
              extra={
                statusColumns.length ? (
                  <span className="responsive-table-card-status">
                    {statusColumns.map((c, i) => (
                      <span key={i}>{cell(c, row, index)}</span>
                    ))}
                  </span>
                ) : undefined
              }
            >
              {fields.length > 0 && (
                <Descriptions
                  size="small"
                  column={1}
                  colon={false}
                  items={fields.map(({ column, node, key }) => ({ key, label: titleText(column, key), children: node }))}
                />
              )}
              {actions && <div className="responsive-table-card-actions">{actions}</div>}
            </Card>
          </List.Item>
        );
      }}
    />
  );
}

function ResponsiveTableOf(props: Props) {
  const screens = useScreens();
  return screens.sm === false ? <PhoneCards {...props} /> : <DesktopTable {...props} />;
}

/**
 * Memoised: a table handed the same props is not drawn again when only its screen re-renders (a query that
 * refreshes in the background changes its state twice a minute, and antd's table redraws every row on each
 * render). A screen that keeps its columns, rows and handlers stable (SystemTable) gets that for free; one
 * that makes them anew on each render is drawn as before.
 */
export const ResponsiveTable = memo(ResponsiveTableOf) as unknown as <T extends object>(props: ResponsiveTableProps<T>) => ReactElement;
