import { DeleteOutlined, EditOutlined, EyeOutlined, FilterOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useCreate, useDelete, useOne, useUpdate, type BaseKey, type CrudFilters, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { App, Badge, Button, Card, Descriptions, Drawer, Form, Grid, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { filterKindOf, formFields, idFieldOf, isShown, subjectOf, type FieldDeclaration, type ResourceDeclaration } from '../../resources/types';
import { canAccessKey } from '../auth/ability';
import { currentLanguage } from '../i18n';
import { countryLabel } from '../../contract/countries';
import { formatFor } from '../i18n/format';
import { useMenuOverrides } from '../routing/useMenuOverrides';
import { AttachmentLinks } from './attachments';
import { DateRangeInput, FieldInput } from './FieldInput';
import { ConfirmRowAction, RowAction } from './RowAction';
import { useOptions } from './useOptions';
import { fieldLabel, optionLabel, resourceTitle } from './labels';
import { fieldOfError, isRequired, rulesFor } from './rules';
import { useSubmitGuard } from './useSubmitGuard';
import { stateFieldName, workflowCells } from './workflow/cells';
import { WorkflowPanel } from './workflow/WorkflowPanel';
import { ResponsiveTable, type ResponsiveColumn } from '../ui/ResponsiveTable';
import type { EnvelopeError } from '../providers/data';
import './resources.css';

/** A record of any declared resource: its fields are known only from the declaration, so each is checked where used. */
export type Row = Record<string, unknown>;

/** A row's id (its declaration's id field), as the data provider takes it: the server's ids are strings or numbers. */
function idOf(declaration: ResourceDeclaration, row: Row): BaseKey {
  return row[idFieldOf(declaration)] as BaseKey;
}

/** What a resource may replace or add; everything else is generated from the declaration. */
export interface ResourceScreenOptions {
  /** Replaces the generated list (the whole screen). */
  list?: ComponentType<{ declaration: ResourceDeclaration }>;
  /** Replaces the create / edit form inside the drawer. */
  form?: ComponentType<FormPageProps>;
  /** Replaces the show page inside the drawer. */
  show?: ComponentType<{ declaration: ResourceDeclaration; record: Row; cells?: ResourceScreenOptions['cells'] }>;
  /** Extra buttons per row (after edit / delete), e.g. lock a user. */
  rowActions?: (record: Row, refresh: () => void) => ReactNode;
  /**
   * Per row, whether its edit is offered (default: wherever the ability allows updates), e.g. an admin's record
   * to a non-admin; an edit link to such a row shows the record instead. The server keeps its own check.
   */
  editable?: (record: Row) => boolean;
  /** Extra buttons above the table, e.g. import or export. */
  toolbar?: (ctx: { filters: Record<string, unknown>; refresh: () => void }) => ReactNode;
  /** Cells of the list and values of the show page drawn by the screen, per field (e.g. an expiry with a tag). */
  cells?: Record<string, (value: unknown, record: Row) => ReactNode>;
  /** Called after a record was saved or deleted, or a delete was refused (e.g. menuManagement reloads the sidebar's menu). */
  onChange?: () => void;
  /**
   * Per row, before its delete is offered: `blocked` disables the delete and says why in its tooltip (a record
   * still in use), `confirm` replaces the generic question. The server keeps its own check.
   */
  deletion?: (record: Row) => { blocked?: string; confirm?: string } | undefined;
}

export interface FormPageProps {
  declaration: ResourceDeclaration;
  mode: 'create' | 'edit';
  record?: Row;
  onDone: () => void;
}

export interface ResourceFormProps extends FormPageProps {
  /**
   * Fields shown in the form but not changeable there, each with the reason under it (one's own roles): the
   * input is disabled and its value is sent unchanged.
   */
  lockedFields?: Readonly<Record<string, string>>;
}

function renderValue(declaration: ResourceDeclaration, name: string, field: FieldDeclaration | undefined, value: unknown, t: ReturnType<typeof useTranslation>['t']): ReactNode {
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">—</Typography.Text>;
  if (field?.widget === 'datetime') return formatFor(currentLanguage()).dateTime(String(value));
  if (field?.widget === 'date') return formatFor(currentLanguage()).date(String(value));
  if (field?.attachments) return <AttachmentLinks declaration={declaration} value={value} />;
  if (typeof value === 'boolean') return value ? <Tag color={name === 'locked' || name === 'hidden' ? 'red' : 'green'}>{t('admin:common.yes')}</Tag> : <Tag>{t('admin:common.no')}</Tag>;
  if (Array.isArray(value)) return value.map((v) => <Tag key={String(v)}>{optionLabel(declaration, name, String(v), t)}</Tag>);
  if (typeof value === 'object') return <pre className="resource-json">{JSON.stringify(value, null, 2)}</pre>;
  if (field?.relation && field.relation.labelField !== field.relation.valueField) return <RelationLabel declaration={declaration} name={name} field={field} value={String(value)} />;
  if (field?.widget === 'country') return countryLabel(String(value), currentLanguage());
  if (field?.options && field.colors) return <Tag color={field.colors[String(value)]}>{optionLabel(declaration, name, String(value), t)}</Tag>;
  if (field?.options) return optionLabel(declaration, name, String(value), t);
  return String(value);
}

/** A related record by its label (e.g. a category's name for its code), from the options the filter loads too. */
function RelationLabel({ declaration, name, field, value }: { declaration: ResourceDeclaration; name: string; field: FieldDeclaration; value: string }) {
  const { options } = useOptions(declaration, name, field);
  return <>{options.find((o) => String(o.value) === value)?.label ?? value}</>;
}

/** The generated create / edit form: antd rules from the zod schema, server codes on their field, no double submit. */
export function ResourceForm({ declaration, mode, record, onDone, lockedFields = {} }: ResourceFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const { busy: saving, guard } = useSubmitGuard();
  const lastFailed = useRef<string | undefined>(undefined);
  /** The server's answer to the last refused submission, kept on its field when the same values come again. */
  const lastError = useRef<{ field: string; message: string } | undefined>(undefined);
  const names = formFields(declaration, mode);
  const readonly = Object.entries(declaration.fields).filter(([, f]) => f.form === 'readonly' || (mode === 'edit' && f.form === 'create' && !f.secret));
  const meta = { listPath: declaration.endpoints.list, getPath: declaration.endpoints.one, savePath: declaration.endpoints.save, deletePath: declaration.endpoints.delete };

  const initialValues = useMemo(() => {
    if (record) return record;
    const values: Row = {};
    for (const name of names) if (declaration.fields[name]!.defaultValue !== undefined) values[name] = declaration.fields[name]!.defaultValue;
    return values;
  }, [record, declaration, names]);
  // The values as edited so far: fields shown only for some values (shownWhen) and options matching them follow.
  const current = (Form.useWatch([], form) as Row | undefined) ?? initialValues;

  const submit = async (values: Row) => {
    const signature = JSON.stringify(values);
    // Spec §5: values the server just refused are not sent again unchanged (a save under way: the guard).
    if (lastFailed.current === signature) {
      message.warning(t('admin:form.doNotRepeat'));
      if (lastError.current) form.setFields([{ name: lastError.current.field, errors: [lastError.current.message] }]);
      return;
    }
    await guard(async () => {
      try {
        if (mode === 'create') {
          await create({ resource: declaration.name, values, meta, successNotification: false, errorNotification: false });
        } else {
          await update({ resource: declaration.name, id: idOf(declaration, record!), values, meta, mutationMode: 'pessimistic', successNotification: false, errorNotification: false });
        }
        lastFailed.current = undefined;
        message.success(t('admin:form.saved'));
        onDone();
      } catch (error) {
        lastFailed.current = signature;
        const refused = error as EnvelopeError;
        // A code the server raised about one field (its hooks name it in data.field) shows on that field.
        const field = fieldOfError(declaration, { statusCode: Number(refused.statusCode), info: refused.info, field: refused.field });
        if (field && names.includes(field)) {
          lastError.current = { field, message: refused.message };
          form.setFields([{ name: field, errors: [refused.message] }]);
        } else {
          lastError.current = undefined;
          message.error(refused.message);
        }
      }
    });
  };

  return (
    <Form
      form={form}
      name={`${declaration.name}-${mode}`}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={() => {
        lastFailed.current = undefined;
        lastError.current = undefined;
      }}
      requiredMark
    >
      {readonly.map(([name, field]) => (
        <Form.Item key={name} label={fieldLabel(declaration, name, t)}>
          <Typography.Text strong>{renderValue(declaration, name, field, record?.[name], t)}</Typography.Text>
        </Form.Item>
      ))}
      {names.map((name) => {
        const field = declaration.fields[name]!;
        if (!isShown(field, current)) return null;
        return (
          <Form.Item
            key={name}
            name={name}
            label={fieldLabel(declaration, name, t)}
            rules={rulesFor(field, t)}
            required={isRequired(field)}
            // An optional help line under the input: why it is locked, else <namespace>:<name>.help.<field> when the texts have one.
            extra={lockedFields[name] ?? (t(`${declaration.namespace}:${declaration.name}.help.${name}`, { defaultValue: '' }) || undefined)}
            valuePropName="value"
            validateTrigger="onBlur"
          >
            <FieldInput declaration={declaration} name={name} field={field} disabled={name in lockedFields} formValues={current} />
          </Form.Item>
        );
      })}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="resource-save">
          {t('admin:form.save')}
        </Button>
        <Button onClick={onDone} data-testid="resource-cancel">{t('common:actions.cancel')}</Button>
      </Space>
    </Form>
  );
}

export function ResourceShow({ declaration, record, cells }: { declaration: ResourceDeclaration; record: Row; cells?: ResourceScreenOptions['cells'] }) {
  const { t } = useTranslation();
  const names = Object.entries(declaration.fields)
    .filter(([, f]) => !f.secret && (f.show ?? f.list ?? f.form) && isShown(f, record))
    .map(([n]) => n);
  return (
    <Descriptions column={1} bordered size="small">
      {names.map((name) => (
        <Descriptions.Item key={name} label={fieldLabel(declaration, name, t)}>
          {cells?.[name] ? cells[name]!(record[name], record) : renderValue(declaration, name, declaration.fields[name], record[name], t)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/**
 * The generated screen of a declared resource, at its spec route: the list (paging, sorting and filters in
 * the URL), and create / edit / show in a drawer addressed by `?action=…&id=…`, delete after confirmation.
 * Buttons appear only where the CASL ability allows the action.
 */
export function ResourceScreen({ declaration, options = {} }: { declaration: ResourceDeclaration; options?: ResourceScreenOptions }) {
  if (options.list) {
    const List = options.list;
    return <List declaration={declaration} />;
  }
  return <GeneratedList declaration={declaration} options={options} />;
}

function GeneratedList({ declaration, options }: { declaration: ResourceDeclaration; options: ResourceScreenOptions }) {
  const { t, i18n } = useTranslation();
  const menuOverride = useMenuOverrides({ load: false })[declaration.name];
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [filtersOpen, setFiltersOpen] = useState<boolean>();
  const [params, setParams] = useSearchParams();
  const subject = subjectOf(declaration);
  const idField = idFieldOf(declaration);
  const meta = { listPath: declaration.endpoints.list, getPath: declaration.endpoints.one, savePath: declaration.endpoints.save, deletePath: declaration.endpoints.delete };
  const can = {
    create: !!declaration.endpoints.save && canAccessKey(subject, 'create'),
    update: !!declaration.endpoints.save && canAccessKey(subject, 'update'),
    delete: !!declaration.endpoints.delete && canAccessKey(subject, 'delete'),
  };
  const filterFields = Object.entries(declaration.fields).filter(([, f]) => filterKindOf(f));
  // A workflow's state shows as a tag coloured by its category, unless the screen draws it itself.
  const cells = { ...workflowCells(declaration), ...options.cells };

  const { tableProps, searchFormProps, filters, tableQuery } = useTable<Row, HttpError, Row>({
    resource: declaration.name,
    meta,
    syncWithLocation: true,
    pagination: { pageSize: 10 },
    sorters: declaration.defaultSort ? { initial: [declaration.defaultSort] } : undefined,
    errorNotification: (error) => ({ message: error?.message ?? '', type: 'error' }),
    onSearch: (values) =>
      filterFields.map(([name, field]) => ({
        field: name,
        operator: filterKindOf(field) === 'text' ? ('contains' as const) : ('eq' as const),
        value: values[name] === '' ? undefined : values[name],
      })) as CrudFilters,
  });
  const refresh = () => void tableQuery.refetch();
  const currentFilters = Object.fromEntries(filters.filter((f) => 'field' in f).map((f) => [(f as { field: string }).field, f.value]));

  const { mutateAsync: remove } = useDelete();
  const requested = params.get('action');
  // An action the user may not take is not offered through the URL either: edit falls back to show.
  const action = requested === 'edit' && !can.update ? 'show' : requested === 'create' && !can.create ? null : requested;
  const id = params.get('id');
  const listed = id ? tableProps.dataSource?.find((r) => String(r[idField]) === id) : undefined;
  // A link to a record that is not on the current page (another page, filtered out, shared): fetched by id.
  const wantsRecord = !!id && (action === 'edit' || action === 'show');
  const fetchOne = wantsRecord && !listed && !!declaration.endpoints.one && !tableQuery.isLoading;
  const { result: fetched, query: oneQuery } = useOne<Row>({
    resource: declaration.name,
    id: id ?? '',
    meta,
    queryOptions: { enabled: fetchOne, retry: false },
    errorNotification: false,
  });
  const record = listed ?? (wantsRecord && fetched && String(fetched[idField]) === id ? fetched : undefined);
  const mayEdit = (row: Row) => can.update && (options.editable?.(row) ?? true);
  // A record this user may not edit (an edit link someone shared) is shown instead.
  const view = action === 'edit' && record && !mayEdit(record) ? 'show' : action;
  const loadingRecord = wantsRecord && !record && (tableQuery.isLoading || (fetchOne && oneQuery.isFetching));
  const openDrawer = (next: 'create' | 'edit' | 'show', rowId?: unknown) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('action', next);
    if (rowId !== undefined) nextParams.set('id', String(rowId));
    else nextParams.delete('id');
    setParams(nextParams);
  };
  const closeDrawer = () => {
    const nextParams = new URLSearchParams(params);
    nextParams.delete('action');
    nextParams.delete('id');
    setParams(nextParams);
  };
  const oneFailed = fetchOne && oneQuery.isError;
  useEffect(() => {
    if (!oneFailed) return;
    message.error((oneQuery.error as HttpError | null)?.message ?? t('admin:list.notFound'));
    closeDrawer();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [oneFailed]);

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
      card: field.card ?? (name === declaration.titleField ? 'title' : field.colors || name === stateFieldName(declaration) ? 'status' : undefined),
      defaultHidden: field.columnHidden,
      render: (value: unknown, row: Row) => (cells[name] ? cells[name]!(value, row) : renderValue(declaration, name, field, value, t)),
    }));
  columns.push({
    key: '__actions',
    title: t('admin:list.actions'),
    card: 'actions',
    // Icons with a tooltip (and the same words for screen readers): the data columns keep the width.
    render: (_: unknown, row: Row) => {
      const deletion = can.delete ? options.deletion?.(row) : undefined;
      return (
        <Space size={0}>
          {declaration.endpoints.one && (
            <RowAction title={t('admin:list.show')} icon={<EyeOutlined />} onClick={() => openDrawer('show', row[idField])} data-testid="row-show" />
          )}
          {mayEdit(row) && (
            <RowAction title={t('admin:list.edit')} icon={<EditOutlined />} onClick={() => openDrawer('edit', row[idField])} data-testid="row-edit" />
          )}
          {can.delete && deletion?.blocked && <RowAction title={deletion.blocked} icon={<DeleteOutlined />} danger disabled data-testid="row-delete" />}
          {can.delete && !deletion?.blocked && (
            <ConfirmRowAction
              title={t('admin:list.delete')}
              icon={<DeleteOutlined />}
              danger
              data-testid="row-delete"
              confirm={deletion?.confirm ?? t('admin:list.deleteConfirm', { name: String(row[declaration.titleField ?? idField] ?? '') })}
              okText={t('admin:list.delete')}
              data-confirm-testid="delete-confirm"
              onConfirm={async () => {
                try {
                  await remove({ resource: declaration.name, id: idOf(declaration, row), meta, successNotification: false, errorNotification: false });
                  message.success(t('admin:list.deleted'));
                  options.onChange?.();
                } catch (error) {
                  message.error((error as HttpError).message);
                  // Refused: the record may be in use by now; what the row offers is read again.
                  refresh();
                  options.onChange?.();
                }
              }}
            />
          )}
          {options.rowActions?.(row, refresh)}
        </Space>
      );
    },
  });

  const Form_ = options.form ?? ResourceForm;
  const Show = options.show ?? ResourceShow;
  // On a phone the filters fold away behind a button (they would fill the screen), unless one is set.
  const activeFilters = Object.values(currentFilters).filter((v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)).length;
  const phone = screens.md === false;
  const showFilters = filterFields.length > 0 && (!phone || (filtersOpen ?? activeFilters > 0));
  const drawerOpen = action === 'create' || ((action === 'edit' || action === 'show') && (!!record || loadingRecord));
  const title = menuOverride?.title?.[i18n.language.slice(0, 2)]?.trim() || resourceTitle(declaration, t);

  return (
    <Card styles={{ body: { padding: screens.md ? 24 : 12 } }} data-testid={`resource-${declaration.name}`}>
      <div className="resource-header">
        <Typography.Title level={4}>{title}</Typography.Title>
        <Space wrap>
          {options.toolbar?.({ filters: currentFilters, refresh })}
          {phone && filterFields.length > 0 && (
            <Badge count={activeFilters} size="small">
              <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(!showFilters)} aria-expanded={showFilters} data-testid="resource-filters-toggle">
                {t('admin:list.filters')}
              </Button>
            </Badge>
          )}
          <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t('admin:list.refresh')} data-testid="resource-refresh" />
          {can.create && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer('create')} data-testid="resource-create">
              {t('admin:list.create')}
            </Button>
          )}
        </Space>
      </div>
      {showFilters && (
        <Form {...searchFormProps} name={`${declaration.name}-filters`} layout="inline" className="resource-filters" initialValues={currentFilters}>
          {filterFields.map(([name, field]) => (
            <Form.Item key={name} name={name} label={fieldLabel(declaration, name, t)}>
              {filterKindOf(field) === 'dateRange' ? <DateRangeInput /> : <FieldInput declaration={declaration} name={name} field={field} filter />}
            </Form.Item>
          ))}
          <Form.Item>
            <Button htmlType="submit" icon={<SearchOutlined />} data-testid="resource-search">
              {t('admin:list.search')}
            </Button>
          </Form.Item>
        </Form>
      )}
      <ResponsiveTable<Row>
        {...tableProps}
        tableId={declaration.name}
        rowKey={idField}
        columns={columns}
        size="middle"
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('admin:list.total', { count: total }) }}
      />
      <Drawer
        open={drawerOpen}
        onClose={closeDrawer}
        width={screens.md ? 560 : '100%'}
        maskClosable={false}
        destroyOnHidden
        data-testid="resource-drawer"
        title={t(`admin:list.${view === 'create' ? 'createTitle' : view === 'edit' ? 'editTitle' : 'showTitle'}`, { name: title })}
      >
        {loadingRecord && (
          <div className="resource-drawer-loading">
            <Spin />
          </div>
        )}
        {view === 'show' && record && <Show declaration={declaration} record={record} cells={cells} />}
        {view === 'show' && record && declaration.workflow && (
          <WorkflowPanel
            declaration={{ ...declaration, workflow: declaration.workflow }}
            record={record}
            onChanged={() => {
              refresh();
              if (fetchOne) void oneQuery.refetch();
              options.onChange?.();
            }}
          />
        )}
        {(view === 'create' || (view === 'edit' && record)) && (
          <Form_
            key={`${view}-${id ?? ''}`}
            declaration={declaration}
            mode={view === 'create' ? 'create' : 'edit'}
            record={view === 'edit' ? record : undefined}
            onDone={() => {
              closeDrawer();
              refresh();
              options.onChange?.();
            }}
          />
        )}
      </Drawer>
    </Card>
  );
}

/** A registry entry for a declared resource: `licenseManagement: lazy(() => import('./admin/LicenseManagement'))`. */
export function resourceScreen(declaration: ResourceDeclaration, options?: ResourceScreenOptions): ComponentType {
  const Screen = () => <ResourceScreen declaration={declaration} options={options} />;
  Screen.displayName = `Resource(${declaration.name})`;
  return Screen;
}
