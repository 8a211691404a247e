import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { idFieldOf, type ResourceDeclaration } from '../../resources/types';
import { ResponsiveTable } from '../ui/ResponsiveTable';
import { resourcePermissions } from './permissions';
import { RecordActions, useRemoveRecord } from './RecordActions';
import { resourceColumns } from './resourceColumns';
import { ResourceDrawer } from './ResourceDrawer';
import { FiltersToggle, ResourceFilters, useFiltersFold } from './ResourceFilters';
import type { ResourceScreenOptions, Row } from './screenTypes';
import { useDrawerRecord } from './useDrawerRecord';
import { useDrawerUrl } from './useDrawerUrl';
import { useResourceTable } from './useResourceTable';
import { workflowCells } from './workflow/cells';
import { useMenuTitle } from '../routing/useMenuOverrides';
import { PageCard } from '../ui/PageCard';
import './resources.css';

/**
 * The generated screen of a declared resource, at its spec route: the list (paging, sorting and filters in
 * the URL), and create / edit / show in a drawer addressed by `?action=…&id=…`, delete after confirmation.
 * Buttons appear only where the CASL ability allows the action. Each part has its own file: the list's query
 * (useResourceTable), filters (ResourceFilters), columns and row actions (resourceColumns, RecordActions),
 * the drawer's URL state and record (useDrawerUrl, useDrawerRecord), the drawer (ResourceDrawer: form, show
 * page, workflow), the permissions (permissions.ts).
 */
export function ResourceScreen({ declaration, options = {} }: { declaration: ResourceDeclaration; options?: ResourceScreenOptions }) {
  if (options.list) {
    const List = options.list;
    return <List declaration={declaration} />;
  }
  return <GeneratedList declaration={declaration} options={options} />;
}

function GeneratedList({ declaration, options }: { declaration: ResourceDeclaration; options: ResourceScreenOptions }) {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle({ load: false });
  const navigate = useNavigate();
  const can = resourcePermissions(declaration);
  // A workflow's state shows as a tag coloured by its category, unless the screen draws it itself.
  const cells = { ...workflowCells(declaration), ...options.cells };
  const { tableProps, searchFormProps, currentFilters, filterFields, listLoading, refresh } = useResourceTable(declaration);
  const fold = useFiltersFold(filterFields.length, currentFilters);
  const remove = useRemoveRecord(declaration, options, refresh);

  const drawer = useDrawerUrl();
  // An action the user may not take is not offered through the URL either: edit falls back to show.
  const action =
    drawer.requested === 'edit' && !can.update ? 'show' : drawer.requested === 'create' && !can.create ? null : drawer.requested;
  const {
    record,
    loading: loadingRecord,
    reload,
  } = useDrawerRecord({ declaration, action, id: drawer.id, rows: tableProps.dataSource, listLoading, onMissing: drawer.close });
  const mayEdit = (row: Row) => can.update && (options.editable?.(row) ?? true);
  // A record this user may not edit (an edit link someone shared) is shown instead.
  const view = action === 'edit' && record && !mayEdit(record) ? 'show' : action;

  const columns = resourceColumns(
    declaration,
    cells,
    (row) => (
      <RecordActions
        declaration={declaration}
        row={row}
        can={can}
        editable={mayEdit(row)}
        options={options}
        openDrawer={drawer.open}
        remove={remove}
        refresh={refresh}
      />
    ),
    t,
  );
  // The menu's title of the route (an override from menuManagement first), else the resource's own.
  const title = menuTitle(declaration.name, t(`${declaration.namespace}:${declaration.name}.title`));

  return (
    <PageCard
      title={title}
      data-testid={`resource-${declaration.name}`}
      actions={
        <Space wrap>
          {options.toolbar?.({ filters: currentFilters, refresh })}
          <FiltersToggle fold={fold} />
          <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t('admin:list.refresh')} data-testid="resource-refresh" />
          {can.create && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => (options.pages?.create ? navigate(options.pages.create) : drawer.open('create'))}
              data-testid="resource-create"
            >
              {t('admin:list.create')}
            </Button>
          )}
        </Space>
      }
    >
      {fold.shown && (
        <ResourceFilters
          declaration={declaration}
          filterFields={filterFields}
          searchFormProps={searchFormProps}
          currentFilters={currentFilters}
        />
      )}
      <ResponsiveTable<Row>
        {...tableProps}
        tableId={declaration.name}
        rowKey={idFieldOf(declaration)}
        columns={columns}
        size="middle"
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('admin:list.total', { count: total }) }}
      />
      <ResourceDrawer
        declaration={declaration}
        view={view}
        id={drawer.id}
        record={record}
        loading={loadingRecord}
        title={title}
        cells={cells}
        options={options}
        onClose={drawer.close}
        onSaved={() => {
          drawer.close();
          refresh();
          options.onChange?.();
        }}
        onWorkflowChanged={() => {
          refresh();
          reload();
          options.onChange?.();
        }}
      />
    </PageCard>
  );
}

/** A registry entry for a declared resource: `licenseManagement: lazy(() => import('./admin/LicenseManagement'))`. */
export function resourceScreen(declaration: ResourceDeclaration, options?: ResourceScreenOptions): ComponentType {
  const Screen = () => <ResourceScreen declaration={declaration} options={options} />;
  Screen.displayName = `Resource(${declaration.name})`;
  return Screen;
}
