import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { countryLabel } from '../../../contract/countries';
import { complaints } from '../../../resources/complaints';
import { currentAbility } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { fieldLabel, optionLabel } from '../../resources/labels';
import { FiltersToggle, useFiltersFold } from '../../resources/ResourceFilters';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { useScreens } from '../../ui/useScreens';
import { complaintKeys, complaintsApi, type Complaint } from './api';
import { useAudience } from './audience';
import { BulkActions } from './BulkActions';
import { COMPLAINT_FIELDS } from './declaration';
import { CategoryTabs } from './CategoryTabs';
import { ComplaintFilters } from './ComplaintFilters';
import { ComplaintStatusTag } from './ComplaintStatusTag';
import { DueCell } from './DueCell';
import { filtersOf, queryOf, SORT_FIELDS, useListSearch, type SortField } from './listSearch';
import { detailPath, CREATE_PATH } from './paths';
import './complaints.css';
import { PersonName } from './people';

/**
 * /customerComplaintList: the complaints the user may see (the server scopes them), the categories
 * with their counts as tabs, filters and order in the URL, a card per complaint on a phone. Customers read the
 * statuses in their wording, staff in theirs; a row opens the complaint.
 */
export default function ComplaintList() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const screens = useScreens();
  const audience = useAudience();
  const { search, update } = useListSearch();
  const query = queryOf(search);
  // On a phone the filters fold behind a button (open while any is set), as on every generated list.
  const fold = useFiltersFold(5, { ...filtersOf(search), status: search.status });
  // Staff pick rows for the bulk actions (desktop only: a phone's cards have no check boxes).
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const answer = useQuery({
    queryKey: complaintKeys.list(query),
    queryFn: () => complaintsApi.list(query),
    placeholderData: (previous) => previous,
  });
  const label = (field: string) => fieldLabel(complaints, field, t);
  const sorted = (field: SortField): ResponsiveColumn<Complaint> => ({
    key: field,
    sorter: true,
    sortOrder: search.sort === field ? (search.order === 'asc' ? 'ascend' : 'descend') : null,
    sortDirections: field === 'due_at' ? ['ascend', 'descend', 'ascend'] : ['descend', 'ascend', 'descend'],
    showSorterTooltip: false,
  });
  const open = (row: Complaint) => navigate(detailPath(row.id));

  const columns: ResponsiveColumn<Complaint>[] = [
    {
      key: 'title',
      dataIndex: 'title',
      title: label('title'),
      card: 'title',
      render: (title: string, row) => (
        <Typography.Link
          strong
          onClick={(event) => {
            event.stopPropagation();
            open(row);
          }}
          data-testid="complaint-open"
        >
          {title}
        </Typography.Link>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: label('status'),
      card: 'status',
      render: (s, row) => <ComplaintStatusTag status={s} team={row.team} />,
    },
    { key: 'sys_sn', dataIndex: 'sys_sn', title: label('sys_sn') },
    { key: 'type', dataIndex: 'type', title: label('type'), render: (v: string) => optionLabel(complaints, 'type', v, t) },
    {
      key: 'priority',
      dataIndex: 'priority',
      title: label('priority'),
      render: (v: string) => <Tag color={COMPLAINT_FIELDS.priority!.colors?.[v]}>{optionLabel(complaints, 'priority', v, t)}</Tag>,
    },
    {
      key: 'country',
      dataIndex: 'country',
      title: label('country'),
      defaultHidden: true,
      card: 'hidden',
      render: (code: string) => (code ? countryLabel(code, i18n.language) : '–'),
    },
    // For staff: who has it and when its nearest clock is due; a customer has no use for a colleague's user name.
    ...(audience === 'staff'
      ? [
          {
            key: 'processor',
            dataIndex: 'processor',
            title: label('processor'),
            render: (v: string | null, row: Complaint) => <PersonName name={row.processor_name} username={v} />,
          },
          {
            ...sorted('due_at'),
            dataIndex: 'due_at',
            title: label('due_at'),
            render: (v: string | null, row: Complaint) => <DueCell dueAt={v} overdue={row.overdue === true} />,
          },
        ]
      : []),
    { ...sorted('created_at'), dataIndex: 'created_at', title: label('created_at'), render: (v: string) => format.dateTime(v) },
  ];

  return (
    <Card styles={{ body: { padding: screens.md ? 24 : 12 } }} data-testid="complaint-list">
      <div className="complaint-header">
        <Typography.Title level={4}>{t('menu:customerComplaintList')}</Typography.Title>
        <Space wrap>
          <FiltersToggle fold={fold} />
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('admin:list.refresh')}
            onClick={() => void answer.refetch()}
            data-testid="complaint-refresh"
          />
          {currentAbility().can('create', 'complaint') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(CREATE_PATH)} data-testid="complaint-create">
              {t('complaints:list.create')}
            </Button>
          )}
        </Space>
      </div>
      <CategoryTabs search={search} update={update} />
      {fold.shown && <ComplaintFilters search={search} update={update} />}
      {/* A phone's cards have no check boxes (ResponsiveTable): no bulk bar there, nor over an empty page. */}
      {audience === 'staff' && screens.sm !== false && (answer.data?.data.length ?? 0) > 0 && (
        <BulkActions
          selected={(answer.data?.data ?? []).filter((row) => selectedKeys.includes(row.id))}
          pageRows={answer.data?.data.length ?? 0}
          matching={answer.data?.dataCount ?? 0}
          query={query}
          onDone={() => setSelectedKeys([])}
        />
      )}
      <ResponsiveTable<Complaint>
        tableId="customerComplaintList"
        rowKey="id"
        columns={columns}
        dataSource={answer.data?.data ?? []}
        // A new search shows the last page dimmed until it answers; a refetch of the same one does not.
        loading={answer.isLoading || answer.isPlaceholderData}
        size="middle"
        onRow={(row) => ({
          // A click on a row's check box selects it; anywhere else it opens the complaint.
          onClick: (event) => {
            if (!(event.target as Element).closest('.ant-table-selection-column')) open(row);
          },
          className: 'complaint-row',
        })}
        rowSelection={
          audience === 'staff' ? { selectedRowKeys: selectedKeys, onChange: setSelectedKeys, preserveSelectedRowKeys: false } : undefined
        }
        onChange={(pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = SORT_FIELDS.find((f) => f === one?.columnKey) ?? 'created_at';
          const order = one?.order === 'ascend' ? 'asc' : 'desc';
          const pageSize = pagination.pageSize ?? search.pageSize;
          const same = field === search.sort && order === search.order && pageSize === search.pageSize;
          // A new order or page size starts at the first page; otherwise the page asked for.
          update({ sort: field, order, pageSize, page: same ? (pagination.current ?? 1) : 1 });
        }}
        pagination={{
          current: search.page,
          pageSize: search.pageSize,
          total: answer.data?.dataCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('admin:list.total', { count: total }),
        }}
        locale={{ emptyText: t('complaints:list.empty') }}
      />
    </Card>
  );
}
