import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row, Select, Skeleton, Tabs, Tag } from 'antd';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryLabel, countryOptions } from '../../../contract/countries';
import { EMS_STATUSES } from '../../../contract/monitoring-constants';
import { WARRANTY_STATES } from '../../../contract/warranty-constants';
import type { SummaryRow } from '../../../contract/summary';
import { summaryCalls } from '../../../contract/summary-calls';
import type { SummarySortKey } from '../../../contract/summary-constants';
import { MISSING, useFormat } from '../../i18n/format';
import { ResponsiveTable, type ResponsiveColumn, type ResponsiveTableProps } from '../../ui/ResponsiveTable';
import { ExportButton } from '../monitoring/shared/charts/ExportButton';
import { StatusDot } from '../monitoring/shared/status';
import { summaryApi, summaryKeys } from './api';
import { PAGE_SIZES, searchOf, useSummaryQuery, type SummaryFilters } from './summaryQuery';

const WarrantyList = lazy(() => import('../warranty/WarrantyList'));

const LEVEL_COLORS: Record<string, string> = { warning: 'orange', protection: 'volcano', fault: 'red' };

/**
 * /OtherInformation/sysSummaryInfo (staff): one row per system in the caller's scope with its ratings, components'
 * firmware, status, installer, customer, commissioning, last data, open faults and complaints; filters, page and sort
 * in the URL; the export holds the rows of the same search.
 */
export default function SysSummaryInfo() {
  const { t, i18n } = useTranslation('monitoring');
  const format = useFormat();
  const [{ filters, paging }, setQuery] = useSummaryQuery();
  const [form] = Form.useForm<SummaryFilters>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(filters);
  }, [form, filters]);

  const search = searchOf(filters, paging);
  const query = { ...search, pageIndex: paging.pageIndex, pageSize: paging.pageSize };
  const answer = useQuery({ queryKey: summaryKeys.list(query), queryFn: () => summaryApi.list(query), placeholderData: keepPreviousData });

  const h = (key: string) => t(`summary.columns.${key}`);
  const sorter = (key: SummarySortKey) => ({
    key,
    dataIndex: key,
    sorter: true,
    sortOrder: paging.sort === key ? (paging.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
  });
  const text = (value: string | null) => value || MISSING;
  const columns: ResponsiveColumn<SummaryRow>[] = [
    { ...sorter('sys_sn'), title: h('sys_sn'), card: 'title' },
    { ...sorter('sys_name'), title: h('sys_name'), render: text },
    { ...sorter('minv'), title: h('minv') },
    { ...sorter('popv'), title: h('popv'), align: 'right', render: (v: number) => format.kilowatts(v, { trim: true }) },
    {
      ...sorter('poinv'),
      title: h('poinv'),
      align: 'right',
      render: (v: number) => format.kilowatts(v, { trim: true }),
      defaultHidden: true,
    },
    { ...sorter('cobat'), title: h('cobat'), align: 'right', render: (v: number) => format.energy(v, { trim: true }) },
    { ...sorter('inverter_fw'), title: h('inverter_fw'), render: text, defaultHidden: true },
    { ...sorter('battery_fw'), title: h('battery_fw'), render: text, defaultHidden: true },
    { ...sorter('meter_fw'), title: h('meter_fw'), render: text, defaultHidden: true },
    { ...sorter('ems_fw'), title: h('ems_fw'), render: text, defaultHidden: true },
    {
      ...sorter('ems_status'),
      title: h('ems_status'),
      card: 'status',
      render: (v: string | null) => (
        <span className="summary-status">
          <StatusDot status={v} size={8} /> {t(`status.${v ?? 'unknown'}`)}
        </span>
      ),
    },
    { ...sorter('installer'), title: h('installer'), render: text },
    { ...sorter('customer'), title: h('customer'), render: text },
    {
      ...sorter('country_code'),
      title: h('country_code'),
      render: (v: string, row) => [countryLabel(v, i18n.language), row.city].filter(Boolean).join(', '),
    },
    { ...sorter('city'), title: h('city'), render: text, defaultHidden: true },
    { ...sorter('commissioned_on'), title: h('commissioned_on'), render: (v: string | null) => format.date(v), defaultHidden: true },
    {
      ...sorter('warranty_end'),
      title: t('warranty:summary.warranty_end'),
      // Ended: red, as the warranty's own state shows it (server/warranty/ends.ts counts by the UTC day).
      render: (v: string | null) =>
        v === null ? MISSING : v <= new Date().toISOString().slice(0, 10) ? <Tag color="red">{format.date(v)}</Tag> : format.date(v),
    },
    {
      ...sorter('last_seen_at'),
      title: h('last_seen_at'),
      render: (v: string | null, row) => format.timeOrDateTime(v, { timeZone: row.time_zone }),
    },
    {
      ...sorter('open_faults'),
      title: h('open_faults'),
      align: 'right',
      render: (v: number, row) =>
        v === 0 ? (
          format.number(0, 0)
        ) : (
          <Tag color={LEVEL_COLORS[row.worst_fault_level ?? 'warning']} title={t(`status.${row.worst_fault_level ?? 'warning'}`)}>
            {format.number(v, 0)} · {t(`status.${row.worst_fault_level ?? 'warning'}`)}
          </Tag>
        ),
    },
    {
      ...sorter('open_complaints'),
      title: h('open_complaints'),
      align: 'right',
      render: (v: number) => (v === 0 ? format.number(0, 0) : <Tag color="blue">{format.number(v, 0)}</Tag>),
    },
  ];

  const total = answer.data?.dataCount ?? 0;
  const onChange: ResponsiveTableProps<SummaryRow>['onChange'] = (next, _filters, sort) => {
    const one = Array.isArray(sort) ? sort[0] : sort;
    const order = one?.order === 'descend' ? 'desc' : one?.order === 'ascend' ? 'asc' : undefined;
    setQuery(filters, {
      pageIndex: next.current ?? 1,
      pageSize: next.pageSize ?? paging.pageSize,
      ...(order ? { sort: String(one!.columnKey) as SummarySortKey, order } : {}),
    });
  };
  const yesNo = useMemo(
    () => [
      { value: 'yes', label: t('summary.with') },
      { value: 'no', label: t('summary.without') },
    ],
    [t],
  );
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);

  return (
    <div>
      <div className="page-head">
        <div>
          <h1>{t('menu:sysSummaryInfo')}</h1>
          <p>{t('summary.subtitle')}</p>
        </div>
        <ExportButton label={t('summary.export')} background endpoint={summaryCalls.export} body={search} />
      </div>
      <Card>
        <Tabs
          items={[
            {
              key: 'systems',
              label: t('warranty:summary.systemsTab'),
              children: (
                <>
                  <Form
                    form={form}
                    initialValues={filters}
                    // A new search starts on its first page, keeping page size and sort.
                    onFinish={(values) => setQuery(values, { ...paging, pageIndex: 1 })}
                  >
                    <Row gutter={[8, 0]}>
                      <Col xs={24} sm={12} lg={6}>
                        <Form.Item name="q">
                          <Input allowClear placeholder={t('summary.search')} aria-label={t('summary.search')} maxLength={64} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} lg={3}>
                        <Form.Item name="model">
                          <Input allowClear placeholder={t('summary.model')} aria-label={t('summary.model')} maxLength={64} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} lg={3}>
                        <Form.Item name="firmware">
                          <Input allowClear placeholder={t('summary.firmware')} aria-label={t('summary.firmware')} maxLength={64} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} lg={4}>
                        <Form.Item name="countryCode">
                          <Select
                            allowClear
                            showSearch
                            optionFilterProp="label"
                            placeholder={t('summary.country')}
                            aria-label={t('summary.country')}
                            options={countries}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={12} lg={4}>
                        <Form.Item name="installer">
                          <Input allowClear placeholder={t('summary.installer')} aria-label={t('summary.installer')} maxLength={200} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} lg={4}>
                        <Form.Item name="status">
                          <Select
                            allowClear
                            placeholder={t('summary.status')}
                            aria-label={t('summary.status')}
                            options={[...EMS_STATUSES, 'unknown' as const].map((s) => ({ value: s, label: t(`status.${s}`) }))}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={12} lg={4}>
                        <Form.Item name="faults">
                          <Select allowClear placeholder={t('summary.openFaults')} aria-label={t('summary.openFaults')} options={yesNo} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} lg={4}>
                        <Form.Item name="complaints">
                          <Select
                            allowClear
                            placeholder={t('summary.openComplaints')}
                            aria-label={t('summary.openComplaints')}
                            options={yesNo}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={12} lg={4}>
                        <Form.Item name="warranty">
                          <Select
                            allowClear
                            placeholder={t('warranty:summary.filter')}
                            aria-label={t('warranty:summary.filter')}
                            options={[...WARRANTY_STATES, 'none' as const].map((s) => ({ value: s, label: t(`warranty:filter.${s}`) }))}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={12} lg={3}>
                        <Form.Item>
                          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} block>
                            {t('list.search')}
                          </Button>
                        </Form.Item>
                      </Col>
                      <Col xs={12} lg={3}>
                        <Form.Item>
                          <Button block onClick={() => setQuery({}, { ...paging, pageIndex: 1 })}>
                            {t('summary.reset')}
                          </Button>
                        </Form.Item>
                      </Col>
                    </Row>
                  </Form>
                  <ResponsiveTable<SummaryRow>
                    tableId="sysSummaryInfo"
                    rowKey="sys_sn"
                    size="middle"
                    cardFields={8}
                    loading={answer.isFetching}
                    columns={columns}
                    dataSource={answer.data?.data ?? []}
                    onChange={onChange}
                    pagination={{
                      current: paging.pageIndex,
                      pageSize: paging.pageSize,
                      total,
                      showSizeChanger: true,
                      pageSizeOptions: [...PAGE_SIZES],
                      showTotal: (count: number) => t('summary.count', { count }),
                    }}
                  />
                </>
              ),
            },
            // The warranty list of the same systems (GetWarrantyPageList); its keys for after-sales staff.
            {
              key: 'warranty',
              label: t('warranty:title'),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <WarrantyList />
                </Suspense>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
