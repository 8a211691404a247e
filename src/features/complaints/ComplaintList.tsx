import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Grid, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { countryLabel } from '../../../contract/countries';
import { complaints } from '../../../resources/complaints';
import { currentAbility } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { fieldLabel, optionLabel } from '../../resources/labels';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { complaintKeys, complaintsApi, type Complaint } from './api';
import { useAudience } from './audience';
import { CategoryTabs } from './CategoryTabs';
import { ComplaintFilters } from './ComplaintFilters';
import { ComplaintStatusTag } from './ComplaintStatusTag';
import { queryOf, useListSearch } from './listSearch';
import { detailPath, CREATE_PATH } from './paths';
import './complaints.css';

const PRIORITY_COLORS: Record<string, string> = { high: 'red', normal: 'blue', low: 'default' };

/**
 * /customerComplaintList (issue 13): the complaints the user may see (the server scopes them), the categories
 * with their counts as tabs, filters and order in the URL, a card per complaint on a phone. Customers read the
 * statuses in their wording, staff in theirs; a row opens the complaint.
 */
export default function ComplaintList() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const audience = useAudience();
  const { search, update } = useListSearch();
  const query = queryOf(search);
  const answer = useQuery({
    queryKey: complaintKeys.list(query),
    queryFn: () => complaintsApi.list(query),
    placeholderData: (previous) => previous,
  });
  const label = (field: string) => fieldLabel(complaints, field, t);
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
    { key: 'status', dataIndex: 'status', title: label('status'), card: 'status', render: (s) => <ComplaintStatusTag status={s} /> },
    { key: 'sys_sn', dataIndex: 'sys_sn', title: label('sys_sn') },
    { key: 'type', dataIndex: 'type', title: label('type'), render: (v: string) => optionLabel(complaints, 'type', v, t) },
    {
      key: 'priority',
      dataIndex: 'priority',
      title: label('priority'),
      render: (v: string) => <Tag color={PRIORITY_COLORS[v]}>{optionLabel(complaints, 'priority', v, t)}</Tag>,
    },
    {
      key: 'country',
      dataIndex: 'country',
      title: label('country'),
      defaultHidden: true,
      card: 'hidden',
      render: (code: string) => (code ? countryLabel(code, i18n.language) : '–'),
    },
    // Who handles it: for staff, who has it; a customer has no use for a colleague's user name.
    ...(audience === 'staff'
      ? [{ key: 'processor', dataIndex: 'processor', title: label('processor'), render: (v: string | null) => v ?? '–' }]
      : []),
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: label('created_at'),
      sorter: true,
      sortOrder: search.order === 'asc' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      showSorterTooltip: false,
      render: (v: string) => format.dateTime(v),
    },
  ];

  return (
    <Card styles={{ body: { padding: screens.md ? 24 : 12 } }} data-testid="complaint-list">
      <div className="complaint-header">
        <Typography.Title level={4}>{t('menu:customerComplaintList')}</Typography.Title>
        <Space wrap>
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
      <ComplaintFilters search={search} update={update} />
      <ResponsiveTable<Complaint>
        tableId="customerComplaintList"
        rowKey="id"
        columns={columns}
        dataSource={answer.data?.data ?? []}
        loading={answer.isFetching}
        size="middle"
        onRow={(row) => ({ onClick: () => open(row), className: 'complaint-row' })}
        onChange={(pagination, _filters, sorter) => {
          const order = Array.isArray(sorter) ? undefined : sorter.order;
          const nextOrder = order === 'ascend' ? 'asc' : 'desc';
          const pageSize = pagination.pageSize ?? search.pageSize;
          update({
            order: nextOrder,
            pageSize,
            // A new order or page size starts at the first page; otherwise the page asked for.
            page: nextOrder !== search.order || pageSize !== search.pageSize ? 1 : (pagination.current ?? 1),
          });
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
